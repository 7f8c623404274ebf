import { describe, expect, it } from "vitest";
import { TEST_STICKERS } from "./arbitrary-document.ts";
import type { ByteWriter } from "./byte-writer.ts";
import { caption, clears, fill, head, log, rawStroke, sticker, straightStroke, text } from "./crafted-log.ts";
import { decodeDrawing } from "./decode.ts";
import { encodeDrawing } from "./encode.ts";
import { DrawingCodecError } from "./errors.ts";
import { DRAWING_FORMAT_VERSION, DRAWING_LIMITS, DRAWING_MAGIC } from "./limits.ts";

/** The refusal decoding `bytes` gives (fails the test on success or on any other error). */
function refusalOf(bytes: Uint8Array, stickers: ReadonlySet<string> = TEST_STICKERS): DrawingCodecError {
  try {
    decodeDrawing(bytes, { stickers });
  } catch (error) {
    if (error instanceof DrawingCodecError) return error;
    throw error;
  }
  throw new Error("the decoder accepted bytes it should have refused");
}

function accepts(bytes: Uint8Array, stickers: ReadonlySet<string> = TEST_STICKERS): boolean {
  return decodeDrawing(bytes, { stickers }).operations.length >= 0;
}

describe("the drawing log's decoder refuses", () => {
  it("a log over the size cap, before reading it (too_large)", () => {
    const valid = log(1, clears(1));
    const huge = new Uint8Array(DRAWING_LIMITS.bytes + 1);
    huge.set(valid);
    expect(refusalOf(huge).code).toBe("too_large");
    expect(refusalOf(huge).message).toContain(String(DRAWING_LIMITS.bytes));
  });

  it("bytes that are not a drawing log (not_a_drawing)", () => {
    expect(refusalOf(new Uint8Array()).code).toBe("not_a_drawing");
    expect(refusalOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10])).code).toBe("not_a_drawing");
    expect(refusalOf(new TextEncoder().encode('{"operations":[]}')).code).toBe("not_a_drawing");
  });

  it("a version it does not know (unknown_version)", () => {
    expect(refusalOf(log(0, undefined, DRAWING_FORMAT_VERSION + 1)).code).toBe("unknown_version");
    expect(refusalOf(log(0, undefined, 0)).code).toBe("unknown_version");
  });

  it("every log cut short (truncated), and bytes after the last operation (trailing_bytes)", () => {
    const document = encodeDrawing({
      start: { kind: "drawing", id: "AbCdEfGh1234" },
      operations: [
        {
          kind: "stroke",
          author: 3,
          time: 10,
          style: { colour: "#123456", width: 5, eraser: false },
          dot: true,
          points: { x: [1, 3], y: [2, 4], elapsed: [0, 16], pressure: [0.5, 0.75] },
        },
        { kind: "sticker", author: 0, time: 20, sticker: "crown", x: 1, y: 2, size: 100, rotation: 0.5 },
      ],
    });
    for (let length = DRAWING_MAGIC.length + 1; length < document.length; length += 1) {
      expect(refusalOf(document.subarray(0, length)).code).toBe("truncated");
    }
    expect(refusalOf(Uint8Array.from([...document, 0])).code).toBe("trailing_bytes");
  });

  it("values no encoder writes (malformed)", () => {
    const malformed = (bytes: Uint8Array) => expect(refusalOf(bytes).code).toBe("malformed");
    malformed(log(1, (writer) => head(writer, 5)));
    malformed(Uint8Array.from([...DRAWING_MAGIC, DRAWING_FORMAT_VERSION, 3, 0]));
    malformed(Uint8Array.from([...DRAWING_MAGIC, DRAWING_FORMAT_VERSION, 2, 12, ...text(11), 0x2f, 0]));
    malformed(log(1, (writer) => rawStroke(writer, [[0], [0], [0]], 8)));
    malformed(log(1, (writer) => rawStroke(writer, [[], [], []])));
    malformed(log(1, caption([text(3)], 3)));
    malformed(log(1, caption([])));
    malformed(log(1, caption([Uint8Array.from([0x41, 0xff, 0x41])])));
    malformed(Uint8Array.from([...DRAWING_MAGIC, ...new Array(9).fill(0x80), 1]));
  });

  it("more operations than the cap (too_many_operations), and takes exactly the cap", () => {
    expect(accepts(log(DRAWING_LIMITS.operations, clears(DRAWING_LIMITS.operations)))).toBe(true);
    const over = log(DRAWING_LIMITS.operations + 1, clears(DRAWING_LIMITS.operations + 1));
    expect(refusalOf(over).code).toBe("too_many_operations");
  });

  it("a stroke with more points than the cap (too_many_points), and takes exactly the cap", () => {
    expect(accepts(log(1, straightStroke(DRAWING_LIMITS.pointsPerStroke)))).toBe(true);
    expect(refusalOf(log(1, straightStroke(DRAWING_LIMITS.pointsPerStroke + 1))).code).toBe(
      "too_many_points",
    );
  });

  it("captions and sticker ids longer than their caps (text_too_long), and takes exactly the caps", () => {
    const half = DRAWING_LIMITS.captionBytes / 2;
    expect(accepts(log(1, caption([text(half), text(half)])))).toBe(true);
    expect(refusalOf(log(1, caption([text(half), text(half + 1)]))).code).toBe("text_too_long");
    const many = (count: number) => new Array<Uint8Array>(count).fill(text(1));
    expect(accepts(log(1, caption(many(DRAWING_LIMITS.captionLines))))).toBe(true);
    expect(refusalOf(log(1, caption(many(DRAWING_LIMITS.captionLines + 1)))).code).toBe("text_too_long");
    const long = `/stickers/${"a".repeat(DRAWING_LIMITS.stickerIdBytes - 10)}`;
    const stickers = new Set([long, `${long}a`]);
    expect(accepts(log(1, sticker(long)), stickers)).toBe(true);
    expect(refusalOf(log(1, sticker(`${long}a`)), stickers).code).toBe("text_too_long");
  });

  it("positions off the drawing's area and values out of their bounds (out_of_range)", () => {
    const outOfRange = (write: (writer: ByteWriter) => void) =>
      expect(refusalOf(log(1, write)).code).toBe("out_of_range");
    const span = 1800 * 16;
    expect(accepts(log(1, (writer) => rawStroke(writer, [[span], [0], [0]])))).toBe(true);
    outOfRange((writer) => rawStroke(writer, [[span + 1], [0], [0]]));
    outOfRange((writer) =>
      rawStroke(writer, [
        [0, -1],
        [0, 0],
        [0, 0],
      ]),
    );
    outOfRange((writer) =>
      rawStroke(writer, [
        [span, 0, 1],
        [0, 0, 0],
        [0, 0, 0],
      ]),
    );
    outOfRange((writer) => rawStroke(writer, [[0], [0], [DRAWING_LIMITS.strokeMs + 1]]));
    outOfRange((writer) => rawStroke(writer, [[0], [0], [0], [1025]], 4));
    outOfRange((writer) => rawStroke(writer, [[0], [0], [0]], 0, 0));
    outOfRange((writer) => rawStroke(writer, [[0], [0], [0]], 0, DRAWING_LIMITS.brushWidth + 1));
    outOfRange(fill(600, 0));
    outOfRange(fill(0, 600));
    outOfRange((writer) => head(writer, 4, DRAWING_LIMITS.authors));
    outOfRange((writer) => head(writer, 4, 0, -1));
    outOfRange((writer) => head(writer, 4, 0, DRAWING_LIMITS.documentMs + 1));
    for (const numbers of [
      { size: 0 },
      { size: 0.5 },
      { size: Number.NaN },
      { size: 601 },
      { outline: -1 },
      { x: 1201 },
      { baseline: -601 },
    ]) {
      outOfRange(caption([text(2)], 1, numbers));
    }
    expect(accepts(log(1, caption([text(2)], 1, { size: 600, outline: 0, x: -600, baseline: 1200 })))).toBe(
      true,
    );
    outOfRange(sticker("crown", 4));
    outOfRange(sticker("crown", Number.NaN));
    outOfRange(sticker("crown", 0, 0));
    outOfRange(sticker("crown", 0, 0.5));
    outOfRange(sticker("crown", 0, 601));
  });

  it("a sticker the page does not offer (unknown_sticker), with the branding's own accepted", () => {
    expect(accepts(log(1, sticker("/stickers/hat.svg")))).toBe(true);
    expect(refusalOf(log(1, sticker("/stickers/hat.svg")), new Set(["crown"])).code).toBe("unknown_sticker");
    expect(refusalOf(log(1, sticker("javascript:alert(1)"))).code).toBe("unknown_sticker");
  });

  it("with messages a person can act on", () => {
    const refusal = refusalOf(log(1, straightStroke(DRAWING_LIMITS.pointsPerStroke + 1)));
    expect(refusal.message).toMatch(/10000 are accepted/);
    expect(refusal.name).toBe("DrawingCodecError");
  });
});
