import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BRANDING } from "../../common/config.ts";
import { checkRemoteImages } from "./remote-images.ts";

// A real image host on a free port: /cors.svg sends Access-Control-Allow-Origin, /plain.svg does not.
let server: Server;
let base = "";
beforeAll(async () => {
  server = createServer((request, response) => {
    const headers: Record<string, string> = { "content-type": "image/svg+xml" };
    if (request.url === "/cors.svg") headers["access-control-allow-origin"] = "*";
    response
      .writeHead(request.url === "/missing.svg" ? 404 : 200, headers)
      .end("<svg xmlns='http://www.w3.org/2000/svg'/>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("remote image check at start", () => {
  it("warns about each remote sticker that would taint the canvas or cannot be fetched, naming it", async () => {
    const warnings: string[] = [];
    const stickers = [
      { name: "Fine", image: `${base}/cors.svg` },
      { name: "No CORS", image: `${base}/plain.svg` },
      { name: "Gone", image: `${base}/missing.svg` },
      { name: "Local", image: "/stickers/hat.svg" },
    ];
    await checkRemoteImages({ ...DEFAULT_BRANDING, stickers }, "https://fans.example", (line) =>
      warnings.push(line),
    );
    expect(warnings).toHaveLength(2);
    expect(warnings.find((line) => line.includes('"No CORS"'))).toMatch(
      /without Access-Control-Allow-Origin.*not be able to place it/,
    );
    expect(warnings.find((line) => line.includes('"Gone"'))).toMatch(/answered HTTP 404/);
  });
});
