import type { Socket } from "node:net";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { DEFAULT_UPLOAD_BUDGET, UNLIMITED_EDGE } from "../../src/server/config.ts";
import { listeningAppForBlock, type TestApp, type TestAppOptions } from "../api/helpers/app.ts";
import { ADMIN_TOKEN, moderation } from "../api/helpers/moderation.ts";
import { headerOf, type RawRequest, startRequest, statusOf } from "./helpers/raw-request.ts";

// A server that parses bodies no route asked for (an 8 MiB JSON body to POST /rest/v1/<any name> before its 404,
// 1 MiB to the 404 route and /api/admin/*) outside the upload budget holds every stalled body an address sends: 40
// of 8 MiB in an attack run. A route reads a body only if it declares one, every declared body counts against the
// budget before it is buffered, and the rest are answered from their headers.
// Each request here sends its headers and one byte of a large body, then waits: an answer proves the server did
// not wait for the body (with a 5 s request timeout, a server that waits answers 408 instead).

const MIB = 2 ** 20;

/** The bytes the upload budget holds right now, as /metrics reports them. */
async function bytesInFlight(t: TestApp): Promise<number> {
  const metrics = await t.app.inject({ method: "GET", url: "/metrics" });
  return Number(/^fanvas_upload_bytes_in_flight (\d+)$/m.exec(metrics.body)?.[1] ?? Number.NaN);
}

/** An app that answers a body it waits for 408 after 5 s, and reports its bytes in flight on /metrics. */
const WAITS_5_S: TestAppOptions = {
  edge: { ...UNLIMITED_EDGE, requestTimeoutSeconds: 5 },
  moderation: moderation(),
  observability: { metricsToken: undefined, metricsAllowLocal: true },
};

describe("bodies where no limit applies", () => {
  const t = listeningAppForBlock("sqlite", WAITS_5_S);
  const opened: Socket[] = [];
  afterEach(() => {
    for (const socket of opened.splice(0)) socket.destroy();
  });

  /** POSTs `path` with a JSON body of `bytes` announced, and sends one byte of it. */
  const post = (path: string, bytes: number, headers: readonly string[] = []): Promise<RawRequest> =>
    startRequest(
      t.port,
      [
        `POST ${path} HTTP/1.1`,
        "Host: 127.0.0.1",
        "Content-Type: application/json",
        `Content-Length: ${bytes}`,
        ...headers,
      ].join("\r\n"),
      "[",
      opened,
    );

  it("answers an insert into any other table 404 from its headers, and never reads its 8 MiB body", async () => {
    const insert = await post("/rest/v1/secrets", 8 * MIB);
    const answer = await insert.answer;
    expect(statusOf(answer)).toBe(404);
    expect(answer).toContain("PGRST205");
    expect(headerOf(answer, "connection")).toBe("close");
    // The server hangs up: the rest of the body is never read.
    await insert.closed;
  });

  it("answers an unknown address 404 without reading its body", async () => {
    const unknown = await post("/api/nothing-here", MIB);
    expect(statusOf(await unknown.answer)).toBe(404);
    await unknown.closed;
  });

  it("answers a body under /api/admin/ from its headers: 401 without the token, 413 with it", async () => {
    const anonymous = await post("/api/admin/drawings/AAAAAAAAAAAA/hide", MIB);
    expect(statusOf(await anonymous.answer)).toBe(401);
    const moderator = await post("/api/admin/anything", MIB, [`Authorization: Bearer ${ADMIN_TOKEN}`]);
    const answer = await moderator.answer;
    expect(statusOf(answer)).toBe(413);
    expect(answer).toContain("unexpected_body");
    await moderator.closed;
  });

  it("answers the admin's name and prompt bodies past their few KB from the headers (413)", async () => {
    for (const path of ["/api/admin/names/block", "/api/admin/prompts"]) {
      const large = await post(path, MIB, [`Authorization: Bearer ${ADMIN_TOKEN}`]);
      const answer = await large.answer;
      expect(statusOf(answer), path).toBe(413);
      expect(answer, path).toContain("too_large");
      await large.closed;
    }
  });

  it("holds none of those bytes while 40 such bodies from one address wait", async () => {
    const requests = await Promise.all(
      Array.from({ length: 40 }, (_, index) => post(`/rest/v1/table_${index}`, 8 * MIB)),
    );
    const answers = await Promise.all(requests.map((request) => request.answer));
    expect(answers.map(statusOf)).toEqual(answers.map(() => 404));
    expect(await bytesInFlight(t)).toBe(0);
  });
});

describe("a report's few KB count against the upload budget", () => {
  const t = listeningAppForBlock("sqlite", {
    ...WAITS_5_S,
    // Two report bodies of 2 KiB fill one visitor's share.
    uploadBudget: { ...DEFAULT_UPLOAD_BUDGET, maxBytesPerVisitor: 4096, stallMs: 3_600_000 },
  });
  const opened: Socket[] = [];
  afterAll(() => {
    for (const socket of opened.splice(0)) socket.destroy();
  });

  it("reserves them from the headers, and answers the third report on its way 429 before reading it", async () => {
    const report = () =>
      startRequest(
        t.port,
        [
          "POST /api/drawings/AAAAAAAAAAAA/report HTTP/1.1",
          "Host: 127.0.0.1",
          "Content-Type: application/json",
          "Content-Length: 2048",
        ].join("\r\n"),
        "{",
        opened,
      );
    await report();
    await report();
    await expect.poll(() => bytesInFlight(t), { timeout: 10_000 }).toBe(4096);
    const third = await report();
    const answer = await third.answer;
    expect(statusOf(answer)).toBe(429);
    expect(answer).toContain("uploads_in_flight");
  });
});
