import type { FastifyInstance } from "fastify";
import { encodeDrawing } from "../../../src/common/drawing-document/encode.ts";
import type { DrawingDocument, StartingPicture } from "../../../src/common/drawing-document/types.ts";
import { encodeSaveBundle, SAVE_BUNDLE_TYPE } from "../../../src/common/save-bundle.ts";

/** A small drawing log from `start`: a stroke, a sticker and a fill, each with its time. */
export function makingOf(start: StartingPicture = { kind: "mascot" }, sticker = "crown"): Uint8Array {
  const document: DrawingDocument = {
    start,
    operations: [
      {
        kind: "stroke",
        author: 0,
        time: 0,
        style: { colour: "#ff0000", width: 5, eraser: false },
        dot: true,
        points: { x: [100, 150, 200], y: [100, 120, 160], elapsed: [0, 16, 33] },
      },
      { kind: "sticker", author: 0, time: 900, sticker, x: 300, y: 300, size: 120, rotation: 0 },
      { kind: "fill", author: 0, time: 1500, x: 10, y: 10, colour: "#00ff00", tolerance: 48 },
    ],
  };
  return encodeDrawing(document);
}

/** The save bundle of `png` and `making` as a Buffer (what the page sends). */
export function bundleOf(png: Uint8Array, making: Uint8Array): Buffer {
  return Buffer.from(encodeSaveBundle(png, making));
}

/** POST /api/drawings with a save bundle, under `key` when given and naming `remixOf` when given. */
export function saveBundle(
  app: FastifyInstance,
  body: Buffer,
  options: { key?: string; remixOf?: string; remoteAddress?: string } = {},
) {
  return app.inject({
    method: "POST",
    url: `/api/drawings${options.remixOf === undefined ? "" : `?remixOf=${options.remixOf}`}`,
    headers: {
      "content-type": SAVE_BUNDLE_TYPE,
      ...(options.key === undefined ? {} : { "idempotency-key": options.key }),
    },
    ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
    payload: body,
  });
}
