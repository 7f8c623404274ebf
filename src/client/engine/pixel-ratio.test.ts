import { describe, expect, it } from "vitest";
import { backingStoreSize } from "./pixel-ratio.ts";

describe("backing store size of the displayed canvas", () => {
  it("is exactly 600 at pixel ratio 1, and follows the ratio on hi-DPI screens", () => {
    expect(backingStoreSize(1)).toBe(600);
    expect(backingStoreSize(2)).toBe(1200);
    expect(backingStoreSize(1.5)).toBe(900);
  });

  it("is whole device pixels for fractional ratios (browser zoom)", () => {
    expect(backingStoreSize(1.1)).toBe(660);
    expect(backingStoreSize(1.333)).toBe(800);
  });

  it("is clamped to 1x..2x so memory stays bounded, and a nonsense ratio counts as 1", () => {
    expect(backingStoreSize(0.5)).toBe(600);
    expect(backingStoreSize(3)).toBe(1200);
    expect(backingStoreSize(4)).toBe(1200);
    expect(backingStoreSize(Number.NaN)).toBe(600);
    expect(backingStoreSize(Number.POSITIVE_INFINITY)).toBe(600);
  });
});
