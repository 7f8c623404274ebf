import { describe, expect, it } from "vitest";
import { isDrawingCodecError } from "../drawing-document/errors.ts";
import { FRAME } from "./room-frames.ts";
import {
  decodePicture,
  decodePicturePart,
  encodePicture,
  encodePictureParts,
  MAX_PICTURE_BYTES,
  PICTURE_PART_BYTES,
  PictureAssembly,
} from "./room-picture.ts";

const png = (length: number) => Uint8Array.from({ length }, (_, index) => (index * 31) % 251);

/** The error `run` throws, which must be the codec's refusal. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(isDrawingCodecError(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error("it was accepted");
}

describe("a room's picture frames", () => {
  it("round-trip a picture through its parts and as one frame", () => {
    const bytes = png(PICTURE_PART_BYTES * 2 + 17);
    const frames = encodePictureParts({ seq: 9_500, painted: 9_012 }, bytes);
    expect(frames).toHaveLength(3);
    const assembly = new PictureAssembly();
    const results = frames.map((frame) => assembly.add(decodePicturePart(frame)));
    expect(results.slice(0, 2)).toEqual([undefined, undefined]);
    const whole = results[2];
    expect(whole?.seq).toBe(9_500);
    expect(whole?.painted).toBe(9_012);
    expect(whole?.png).toEqual(bytes);
    const again = decodePicture(encodePicture({ seq: 9_500, painted: 9_012, png: bytes }));
    expect(again).toEqual({ seq: 9_500, painted: 9_012, png: bytes });
  });

  it("refuse parts out of order, of another picture, or over the size a picture may have", () => {
    const [first, second, third] = encodePictureParts({ seq: 40, painted: 30 }, png(PICTURE_PART_BYTES * 3));
    const assembly = new PictureAssembly();
    expect(refusal(() => assembly.add(decodePicturePart(second as Uint8Array)))).toContain("out of order");
    assembly.add(decodePicturePart(first as Uint8Array));
    expect(refusal(() => assembly.add(decodePicturePart(third as Uint8Array)))).toContain("out of order");
    const other = encodePictureParts({ seq: 41, painted: 30 }, png(PICTURE_PART_BYTES * 3));
    assembly.add(decodePicturePart(first as Uint8Array));
    expect(refusal(() => assembly.add(decodePicturePart(other[1] as Uint8Array)))).toContain("out of order");
    expect(refusal(() => encodePictureParts({ seq: 1, painted: 1 }, png(MAX_PICTURE_BYTES + 1)))).toContain(
      "A picture is 1 to",
    );
  });

  it("refuse bad input with a clear error", () => {
    const [part] = encodePictureParts({ seq: 5, painted: 5 }, png(100));
    const good = part as Uint8Array;
    expect(refusal(() => decodePicturePart(Uint8Array.of(FRAME.picture, 5, 5)))).toContain(
      "Not a picture part frame",
    );
    expect(refusal(() => decodePicturePart(Uint8Array.of(...good, 0)))).toContain("bytes after its end");
    expect(refusal(() => decodePicturePart(good.subarray(0, good.length - 10)))).toBeTruthy();
    // More operations painted than entries in the log up to the seq.
    expect(refusal(() => decodePicturePart(Uint8Array.of(FRAME.picturePart, 5, 6, 0, 1, 1, 0)))).toContain(
      "out of range",
    );
    expect(refusal(() => decodePicturePart(Uint8Array.of(FRAME.picturePart, 0, 0, 0, 1, 1, 0)))).toContain(
      "seq 1 or later",
    );
    expect(refusal(() => decodePicturePart(Uint8Array.of(FRAME.picturePart, 5, 5, 2, 2, 1, 0)))).toContain(
      "Part 2 of a picture of 2 parts",
    );
    expect(refusal(() => decodePicturePart(Uint8Array.of(FRAME.picturePart, 5, 5, 0, 1, 0)))).toContain(
      "empty",
    );
    expect(refusal(() => decodePicture(Uint8Array.of(FRAME.picturePart, 5, 5, 1, 0)))).toContain(
      "Not a picture frame",
    );
  });
});
