import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_EDGE, DEFAULT_UPLOAD_BUDGET } from "../../src/server/config.ts";
import { MAX_INSERT_BODY_BYTES } from "../../src/server/postgrest/request.ts";
import { listeningAppForBlock } from "../api/helpers/app.ts";
import { dataUrlBody, drawingPng } from "../api/helpers/png.ts";

// The Supabase-compatible route's body holds up to 10 rows of base64: unbounded, 60 bodies of about 28 MB at once
// took a process to 1.2 GB and stalled it for 2.1 s. The whole body is bounded (8 MiB), and so are the upload
// bytes in flight: per process and per visitor, reserved from the headers, before the body is read.

const INSERT_HEAD = (visitor: string, bytes: number) =>
  `POST /rest/v1/drawings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
  `Content-Length: ${bytes}\r\nX-Forwarded-For: ${visitor}\r\n\r\n`;

describe("upload bodies", () => {
  const t = listeningAppForBlock("sqlite", {
    edge: { ...DEFAULT_EDGE, trustProxyHops: 1, saveRateLimit: 0 },
    observability: { metricsToken: undefined, metricsAllowLocal: true },
    // Nothing here stalls long enough to be cut: these are about the bytes held.
    uploadBudget: { ...DEFAULT_UPLOAD_BUDGET, stallMs: 3_600_000 },
  });
  const held: Socket[] = [];
  afterEach(async () => {
    for (const socket of held.splice(0)) socket.destroy();
    await holding(0);
  });

  /** Sends an insert's headers and a first byte of its body, then holds it: an upload still on its way. */
  const startUpload = (visitor: string) =>
    new Promise<{ socket: Socket; answer: Promise<string> }>((resolve) => {
      const socket = connect(t.port, "127.0.0.1");
      socket.on("error", () => {});
      held.push(socket);
      const answer = new Promise<string>((settle) => {
        socket.once("data", (chunk: Buffer) => settle(chunk.toString("latin1")));
        socket.once("close", () => settle(""));
      });
      socket.on("connect", () => {
        socket.write(`${INSERT_HEAD(visitor, MAX_INSERT_BODY_BYTES)}[`);
        resolve({ socket, answer });
      });
    });
  const statusOf = (answer: string) => Number(answer.split(" ")[1]);
  const health = async () => (await fetch(`http://127.0.0.1:${t.port}/healthz`)).status;
  /** Inserts the server has taken in (their bytes reserved) and not answered yet, as /metrics counts them. */
  const insertsInFlight = async () => {
    const metrics = await (await fetch(`http://127.0.0.1:${t.port}/metrics`)).text();
    const line = /fanvas_http_requests_in_flight\{route="\/rest\/v1\/drawings"\} (\d+)/.exec(metrics);
    return Number(line?.[1] ?? 0);
  };
  /** Waits until the server holds exactly `count` inserts on their way. */
  const holding = (count: number) => expect.poll(insertsInFlight, { timeout: 10_000 }).toBe(count);

  it("refuses an insert over 8 MiB in all with 413 in PostgREST's words, before reading it", async () => {
    const answer = await t.app.inject({
      method: "POST",
      url: "/rest/v1/drawings",
      headers: { "content-type": "application/json" },
      payload: Buffer.alloc(MAX_INSERT_BODY_BYTES + 1, 0x20),
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({ code: "54000", details: "fanvas:too_large" });
    expect(answer.json<{ message: string }>().message).toContain("larger than 8 MiB");
    expect(await t.count()).toBe(0);
  });

  it("lets one visitor have two of the largest inserts on their way, and answers a third 429 at once", async () => {
    const perVisitor = Math.floor(DEFAULT_UPLOAD_BUDGET.maxBytesPerVisitor / MAX_INSERT_BODY_BYTES);
    for (let upload = 0; upload < perVisitor; upload += 1) await startUpload("203.0.113.9");
    await holding(perVisitor);
    const refused = await startUpload("203.0.113.9");
    const answer = await refused.answer;
    expect(statusOf(answer)).toBe(429);
    expect(answer).toContain("uploads_in_flight");
    expect(answer.toLowerCase()).toContain("retry-after: 2");
    expect(await health()).toBe(200);
  });

  it("answers 503 once the process holds its budget, keeps serving, and takes uploads again when they end", async () => {
    const uploads = DEFAULT_UPLOAD_BUDGET.maxBytes / MAX_INSERT_BODY_BYTES;
    // One upload per network (an IPv4 /24), so no network's share is reached before the process's.
    for (let upload = 0; upload < uploads; upload += 1) await startUpload(`198.51.${upload}.1`);
    await holding(uploads);
    const refused = await startUpload("192.0.2.200");
    expect(statusOf(await refused.answer)).toBe(503);
    expect(await health()).toBe(200);
    for (const socket of held.splice(0)) socket.destroy();
    await holding(0);
    const save = () =>
      fetch(`http://127.0.0.1:${t.port}/rest/v1/drawings`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.201" },
        body: JSON.stringify(dataUrlBody(small)),
      });
    const small = await drawingPng(600, 600, 88);
    await expect.poll(async () => (await save()).status, { timeout: 10_000 }).toBe(201);
  });
});
