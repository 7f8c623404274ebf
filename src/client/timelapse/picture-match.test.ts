import { describe, expect, it } from "vitest";
import { comparePictures } from "./picture-match.ts";

const SIZE = 600;

/** A white picture with a black square at (left, top), `side` pixels wide. */
function picture(left: number, top: number, side: number): Uint8ClampedArray {
  const pixels = new Uint8ClampedArray(SIZE * SIZE * 4).fill(255);
  for (let y = top; y < top + side; y += 1) {
    for (let x = left; x < left + side; x += 1) pixels.fill(0, (y * SIZE + x) * 4, (y * SIZE + x) * 4 + 3);
  }
  return pixels;
}

describe("a replay's last frame against the stored picture", () => {
  it("matches the same pixels exactly", () => {
    expect(comparePictures(picture(100, 100, 50), picture(100, 100, 50), SIZE, SIZE)).toMatchObject({
      differingBlocks: 0,
      matches: true,
    });
  });

  it("matches edges drawn a pixel apart, as another browser's anti-aliasing draws them", () => {
    const edge = picture(100, 100, 50);
    // Every pixel of the square's right edge half grey, as a different rasteriser might leave it.
    for (let y = 100; y < 150; y += 1) edge.fill(128, (y * SIZE + 149) * 4, (y * SIZE + 149) * 4 + 3);
    expect(comparePictures(edge, picture(100, 100, 50), SIZE, SIZE).matches).toBe(true);
  });

  it("refuses a picture with a shape the stored one does not have, even a small one", () => {
    const extra = picture(100, 100, 50);
    const withWord = picture(100, 100, 50);
    for (let x = 300; x < 340; x += 1) {
      for (let y = 300; y < 310; y += 1) withWord.fill(0, (y * SIZE + x) * 4, (y * SIZE + x) * 4 + 3);
    }
    expect(comparePictures(withWord, extra, SIZE, SIZE).matches).toBe(false);
    expect(comparePictures(picture(100, 100, 50), picture(400, 400, 50), SIZE, SIZE).matches).toBe(false);
  });
});
