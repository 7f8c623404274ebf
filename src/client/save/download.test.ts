import { describe, expect, it } from "vitest";
import { downloadFileName } from "./download.ts";

describe("downloadFileName", () => {
  it("is the prefix, a dash, the milliseconds since the epoch and .png", () => {
    expect(downloadFileName("draw-fred", 1_700_000_000_123)).toBe("draw-fred-1700000000123.png");
    expect(downloadFileName("draw-fred")).toMatch(/^draw-fred-\d{13}\.png$/);
  });
});
