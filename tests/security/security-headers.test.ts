import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_EDGE } from "../../src/server/config.ts";
import { startTestApp, type TestApp } from "../api/helpers/app.ts";
import { saveNewDrawing } from "../api/helpers/moderation.ts";

// Every answer carries the security headers: HSTS for HTTPS requests, Permissions-Policy and
// Cross-Origin-Resource-Policy, and so do the answers Node's HTTP parser makes (400 for a bad Content-Length, 431).

const EVERY_ANSWER = [
  "content-security-policy",
  "x-content-type-options",
  "x-frame-options",
  "permissions-policy",
];

/** Sends raw bytes to the server and resolves with everything it answers before closing. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", () => {});
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
    socket.on("connect", () => socket.write(request));
    socket.setTimeout(10_000, () => reject(new Error("no answer")));
  });
}

/** Status and lower-cased headers of a raw HTTP answer. */
function parseAnswer(raw: string): { status: number; headers: Map<string, string>; body: string } {
  const [head = "", body = ""] = raw.split("\r\n\r\n");
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers = new Map(
    lines.map((line) => [
      line.slice(0, line.indexOf(":")).toLowerCase(),
      line.slice(line.indexOf(":") + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(" ")[1]), headers, body };
}

describe("security headers", () => {
  let t: TestApp;
  let port: number;
  let drawingId: string;
  beforeAll(async () => {
    t = await startTestApp("sqlite", { edge: { ...DEFAULT_EDGE, trustProxyHops: 1, saveRateLimit: 0 } });
    drawingId = (await saveNewDrawing(t.app)).id;
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  it("send HSTS on an answer to an HTTPS request (through a trusted proxy), and never over plain HTTP", async () => {
    for (const url of ["/healthz", "/no/such/page", `/api/drawings/${drawingId}.png`]) {
      const https = await t.app.inject({ method: "GET", url, headers: { "x-forwarded-proto": "https" } });
      expect(https.headers["strict-transport-security"]).toBe("max-age=31536000");
      const http = await t.app.inject({ method: "GET", url });
      expect(http.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("keep powerful features off and other sites from embedding anything but drawing images", async () => {
    const answers = [
      await t.app.inject({ method: "GET", url: "/healthz" }),
      await t.app.inject({ method: "GET", url: "/api/config" }),
      await t.app.inject({ method: "GET", url: "/no/such/page" }),
      await t.app.inject({ method: "GET", url: "/api/drawings/%ZZ" }),
    ];
    for (const answer of answers) {
      for (const name of EVERY_ANSWER) expect(answer.headers[name], name).toBeDefined();
      expect(answer.headers["permissions-policy"]).toContain("camera=()");
      expect(answer.headers["cross-origin-resource-policy"]).toBe("same-origin");
    }
    for (const kind of ["png", "webp"]) {
      const image = await t.app.inject({ method: "GET", url: `/api/drawings/${drawingId}.${kind}` });
      expect(image.statusCode).toBe(200);
      expect(image.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    }
  });

  const PARSER_REFUSALS: readonly [string, string, number][] = [
    ["a bad Content-Length", "POST /api/drawings HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", 400],
    [
      "two Content-Lengths",
      "POST /api/drawings HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nx",
      400,
    ],
    ["headers past the size limit", `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`, 431],
    ["a request line that is not HTTP", "HELLO\r\n\r\n", 400],
  ];
  for (const [name, request, status] of PARSER_REFUSALS) {
    it(`are on Node's own answer to ${name} (${status}), with a body saying what is wrong`, async () => {
      const answer = parseAnswer(await rawExchange(port, request));
      expect(answer.status).toBe(status);
      for (const header of EVERY_ANSWER) expect(answer.headers.get(header), header).toBeDefined();
      expect(answer.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      expect(JSON.parse(answer.body)).toMatchObject({ statusCode: status, message: expect.any(String) });
      // The server keeps serving.
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    });
  }
});
