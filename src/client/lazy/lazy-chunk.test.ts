import { describe, expect, it } from "vitest";
import { failedModuleAddress, lazyChunk } from "./lazy-chunk.ts";

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

  it("imports a failed chunk again by the address its failure named, under a query the browser has not tried", async () => {
    const failure = new TypeError(
      "Failed to fetch dynamically imported module: https://fans.example/assets/store-drawing-1a2B.js",
    );
    const addresses: string[] = [];
    const chunk = lazyChunk(
      async () => {
        throw failure;
      },
      async (address) => {
        addresses.push(address);
        if (addresses.length === 1) throw failure;
        return "module";
      },
      "https://fans.example",
    );
    await expect(chunk.load()).rejects.toBe(failure);
    await expect(chunk.load()).rejects.toBe(failure);
    await expect(chunk.load()).resolves.toBe("module");
    expect(addresses).toEqual([
      "https://fans.example/assets/store-drawing-1a2B.js?retry=1",
      "https://fans.example/assets/store-drawing-1a2B.js?retry=2",
    ]);
  });
});

describe("failedModuleAddress", () => {
  const origin = "https://fans.example";
  it("reads the address from Chromium's and Firefox's messages", () => {
    const address = "https://fans.example/assets/x-9z.js";
    expect(
      failedModuleAddress(new TypeError(`Failed to fetch dynamically imported module: ${address}`), origin),
    ).toBe(address);
    expect(
      failedModuleAddress(new TypeError(`error loading dynamically imported module: ${address}`), origin),
    ).toBe(address);
  });

  it("names nothing for a message without an address, or another origin's", () => {
    expect(failedModuleAddress(new TypeError("Importing a module script failed."), origin)).toBeNull();
    expect(
      failedModuleAddress(
        new TypeError("Failed to fetch dynamically imported module: https://cdn.example/a.js"),
        origin,
      ),
    ).toBeNull();
    expect(failedModuleAddress("not an error", origin)).toBeNull();
  });
});
