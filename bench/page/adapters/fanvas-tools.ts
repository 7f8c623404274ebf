import type { DrawingEngine } from "../../../src/client/engine/drawing-engine.ts";
import { captionAction } from "../../../src/client/tools/caption/caption-action.ts";
import { loadCaptionFont } from "../../../src/client/tools/caption/caption-font.ts";
import { DEFAULT_STICKERS } from "../../../src/client/tools/stickers/catalogue.ts";
import { loadSticker } from "../../../src/client/tools/stickers/load-sticker.ts";
import { stickerAction } from "../../../src/client/tools/stickers/sticker-action.ts";
import { createFanvasWith } from "./fanvas.ts";
import type { SystemFactory } from "./types.ts";

/** Adds a two-line outlined caption and a sticker, placed by `index`, through the page's own tool actions. */
async function decorate(engine: DrawingEngine, index: number): Promise<void> {
  await loadCaptionFont();
  const offset = (index * 37) % 500;
  const text = `GM ${index}\nWAGMI`;
  engine.apply(
    captionAction({
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
  const image = await loadSticker(entry.src);
  const placement = { x: 80 + offset, y: 120 + ((index * 29) % 400), size: 160, rotation: index / 100 };
  engine.apply(stickerAction(image, placement));
}

/** Fanvas with captions and stickers in its full drawing (the page bench's "fanvas" row). */
export const createFanvasWithTools: SystemFactory = (host) => createFanvasWith(host, decorate);
