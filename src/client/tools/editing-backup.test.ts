import { describe, expect, it } from "vitest";
import { type OpenEdit, parseOpenEdit } from "./editing-backup.ts";

const caption: OpenEdit = {
  kind: "caption",
  caption: { text: "GM\nFRENS", x: 300, y: 40, size: 56, colour: "#ffffff", outline: true, place: "bottom" },
};
const sticker: OpenEdit = {
  kind: "sticker",
  entry: { id: "crown", name: "Crown", src: "/assets/crown.svg" },
  placement: { x: 300, y: 280, size: 200, rotation: 0.5 },
};

describe("the open caption or sticker kept for a reload", () => {
  it("reads back exactly what was written, through a structured clone as IndexedDB stores it", () => {
    for (const edit of [caption, sticker]) expect(parseOpenEdit(structuredClone(edit))).toEqual(edit);
  });

  it("reads a caption kept before captions had places as one placed where it was", () => {
    const { place: _, ...older } = caption.caption;
    expect(parseOpenEdit({ kind: "caption", caption: older })).toEqual({
      kind: "caption",
      caption: { ...older, place: "free" },
    });
  });

  it("drops extra fields it did not write", () => {
    const stored = { ...sticker, entry: { ...sticker.entry, extra: 1 }, note: "x" };
    expect(parseOpenEdit(stored)).toEqual(sticker);
  });

  it("refuses records this page did not write, rather than opening something broken", () => {
    const broken: unknown[] = [
      undefined,
      null,
      "caption",
      { kind: "drawing" },
      { ...caption, caption: { ...caption.caption, x: Number.NaN } },
      { ...caption, caption: { ...caption.caption, colour: "red" } },
      { ...caption, caption: { ...caption.caption, text: 7 } },
      { ...caption, caption: { ...caption.caption, text: "A".repeat(5001) } },
      { ...caption, caption: { ...caption.caption, outline: "yes" } },
      { ...caption, caption: { ...caption.caption, place: "left" } },
      { ...sticker, placement: { ...sticker.placement, rotation: undefined } },
      { ...sticker, entry: { id: "crown", name: "Crown" } },
      { kind: "sticker", entry: sticker.entry },
    ];
    for (const value of broken) expect(parseOpenEdit(value), JSON.stringify(value)).toBeNull();
  });
});
