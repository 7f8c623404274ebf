import { describe, expect, it } from "vitest";
import { downloadFileName } from "./download.ts";
import { dataUrlToBlob } from "./png-data.ts";

describe("dataUrlToBlob", () => {
  it("decodes the base64 payload into bytes of the declared type", async () => {
    const bytes = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);
    const dataUrl = `data:image/png;base64,${Buffer.from(bytes).toString("base64")}`;
    const blob = dataUrlToBlob(dataUrl);
    expect(blob.type).toBe("image/png");
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
  });

  it("throws on something that is not a base64 data URL", () => {
    expect(() => dataUrlToBlob("data:image/png,rawtext")).toThrow();
    expect(() => dataUrlToBlob("https://example.com/a.png")).toThrow();
  });
});

describe("downloadFileName", () => {
  it("is the prefix, a dash, the milliseconds since the epoch and .png", () => {
    expect(downloadFileName("draw-fred", 1_700_000_000_123)).toBe("draw-fred-1700000000123.png");
    expect(downloadFileName("draw-fred")).toMatch(/^draw-fred-\d{13}\.png$/);
  });
});
