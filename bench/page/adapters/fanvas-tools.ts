import type { DrawingEngine } from "../../../src/client/engine/drawing-engine.ts";
import { loadCaptionFont } from "../../../src/client/tools/caption/caption-font.ts";
import { captionOperation } from "../../../src/client/tools/caption/caption-operation.ts";
import { DEFAULT_STICKERS } from "../../../src/client/tools/stickers/catalogue.ts";
import { createFanvasWith } from "./fanvas.ts";
import type { SystemFactory } from "./types.ts";

/** Adds a two-line outlined caption and a sticker, placed by `index`, as the page's tools make them. */
async function decorate(engine: DrawingEngine, index: number): Promise<void> {
  await loadCaptionFont();
  const offset = (index * 37) % 500;
  const text = `GM ${index}\nWAGMI`;
  engine.apply(
    captionOperation({
      text,
      lines: text.split("\n"),
      width: 0,
      x: 50 + offset,
      y: 40 + ((index * 53) % 420),
      size: 56,
      colour: "#ffffff",
      outline: true,
    }),
  );
  const entry = DEFAULT_STICKERS[index % DEFAULT_STICKERS.length];
  if (entry === undefined) return;
  // A turn the sticker tool could give (it keeps every angle within -pi .. pi, as the drawing's format does): an
  // angle past that makes an operation the backup cannot keep, which stops it.
  const rotation = ((index / 100 + Math.PI) % (2 * Math.PI)) - Math.PI;
  const placement = { x: 80 + offset, y: 120 + ((index * 29) % 400), size: 160, rotation };
  engine.apply({ kind: "sticker", sticker: entry.id, ...placement });
  await engine.settled();
}

/** Fanvas with captions and stickers in its full drawing (the page bench's "fanvas" row). */
export const createFanvasWithTools: SystemFactory = (host) => createFanvasWith(host, decorate);
