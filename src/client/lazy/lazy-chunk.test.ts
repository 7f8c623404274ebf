import { describe, expect, it } from "vitest";
import { lazyChunk } from "./lazy-chunk.ts";

describe("lazyChunk", () => {
  it("downloads a chunk once, however many callers ask at the same time", async () => {
    let downloads = 0;
    const chunk = lazyChunk(async () => {
      downloads += 1;
      return { value: 42 };
    });
    const [a, b] = await Promise.all([chunk.load(), chunk.load()]);
    expect(a).toBe(b);
    expect(await chunk.load()).toBe(a);
    expect(downloads).toBe(1);
  });

  it("forgets a failed download, so the next call fetches the chunk again", async () => {
    let downloads = 0;
    const chunk = lazyChunk(async () => {
      downloads += 1;
      if (downloads === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return "module";
    });
    await expect(chunk.load()).rejects.toThrow(TypeError);
    await expect(chunk.load()).resolves.toBe("module");
    expect(downloads).toBe(2);
  });
});
