import type { Socket } from "node:net";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { DEFAULT_EDGE, DEFAULT_UPLOAD_BUDGET, type UploadBudgetSettings } from "../../src/server/config.ts";
import { CHUNKED_FIRST_SLICE } from "../../src/server/http/upload-budget.ts";
import { DEFAULT_EVENT_STREAM_LIMITS } from "../../src/server/live/event-streams.ts";
import { MAX_INSERT_BODY_BYTES } from "../../src/server/postgrest/request.ts";
import { type ListeningTestApp, listeningAppForBlock } from "../api/helpers/app.ts";
import { dataUrlBody, drawingPng } from "../api/helpers/png.ts";
import { eventStreamsOn } from "./helpers/event-streams.ts";
import { type RawRequest, startRequest, statusOf } from "./helpers/raw-request.ts";

// Counted per address alone, eight idle chunked uploads from four addresses, reopened every 30 s, would make every
// other save answer 503 busy, and addresses from 168 of the 256 /64s of one /56 (one home's allocation) would take
// all 1,000 event streams. The upload budget and the streams also count per network (an IPv4 /24, an IPv6 /56),
// and when an upload needs room, uploads that have sent nothing for UPLOAD_STALL_SECONDS are cut first. Visitors
// are named by X-Forwarded-For (TRUST_PROXY=1), as a proxy in front would name them.

const MIB = 2 ** 20;

/** The app behind one trusted proxy, listening for the describe block; `stallMs` is UPLOAD_STALL_SECONDS. */
function listening(stallMs: number, budget: Partial<UploadBudgetSettings> = {}): ListeningTestApp {
  return listeningAppForBlock("sqlite", {
    edge: { ...DEFAULT_EDGE, trustProxyHops: 1, saveRateLimit: 0, allowedHosts: undefined },
    observability: { metricsToken: undefined, metricsAllowLocal: true },
    uploadBudget: { ...DEFAULT_UPLOAD_BUDGET, ...budget, stallMs },
  });
}

/** An insert from `visitor` that sends its head and a first byte, then nothing: chunked, or of a declared length. */
const heldInsert = (port: number, visitor: string, opened: Socket[], chunked = false): Promise<RawRequest> =>
  startRequest(
    port,
    [
      "POST /rest/v1/drawings HTTP/1.1",
      "Host: 127.0.0.1",
      "Content-Type: application/json",
      chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${MAX_INSERT_BODY_BYTES}`,
      `X-Forwarded-For: ${visitor}`,
    ].join("\r\n"),
    chunked ? "1\r\n[\r\n" : "[",
    opened,
  );

/** Upload bytes the budget holds, as /metrics reports them. */
async function bytesInFlight(port: number): Promise<number> {
  const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return Number(/^fanvas_upload_bytes_in_flight (\d+)$/m.exec(metrics)?.[1] ?? Number.NaN);
}

describe("the upload budget per network", () => {
  const t = listening(3_600_000);
  const opened: Socket[] = [];
  afterEach(async () => {
    for (const socket of opened.splice(0)) socket.destroy();
    await expect.poll(() => bytesInFlight(t.port), { timeout: 10_000 }).toBe(0);
  });

  it("lets one /24 hold its share (three of the largest inserts) and answers a fourth 429, while others upload", async () => {
    const share = DEFAULT_UPLOAD_BUDGET.maxBytesPerNetwork / MAX_INSERT_BODY_BYTES;
    for (let host = 1; host <= share; host += 1) await heldInsert(t.port, `198.51.100.${host}`, opened);
    await expect.poll(() => bytesInFlight(t.port), { timeout: 10_000 }).toBe(share * MAX_INSERT_BODY_BYTES);
    const fourth = await heldInsert(t.port, "198.51.100.200", opened);
    const answer = await fourth.answer;
    expect(statusOf(answer)).toBe(429);
    expect(answer).toContain("uploads_in_flight");
    expect(answer).toContain("network");
    await heldInsert(t.port, "203.0.113.7", opened);
    await expect
      .poll(() => bytesInFlight(t.port), { timeout: 10_000 })
      .toBe((share + 1) * MAX_INSERT_BODY_BYTES);
  });

  it("keeps room for the few KB of a report or a reaction when uploads fill the whole budget", async () => {
    const slots = DEFAULT_UPLOAD_BUDGET.maxBytes / MAX_INSERT_BODY_BYTES;
    for (let network = 0; network < slots; network += 1)
      await heldInsert(t.port, `192.0.${network + 40}.1`, opened);
    await expect.poll(() => bytesInFlight(t.port), { timeout: 10_000 }).toBe(DEFAULT_UPLOAD_BUDGET.maxBytes);
    const upload = await heldInsert(t.port, "203.0.113.8", opened);
    expect(statusOf(await upload.answer)).toBe(503);
    const report = await fetch(`http://127.0.0.1:${t.port}/api/drawings/AAAAAAAAAAAA/report`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
      body: JSON.stringify({ reason: "spam" }),
    });
    expect(report.status).toBe(404);
  });
});

describe("stalled uploads when the budget is wanted", () => {
  const t = listening(2000);
  const opened: Socket[] = [];
  afterAll(() => {
    for (const socket of opened.splice(0)) socket.destroy();
  });

  it("holds a first slice of an idle chunked upload, not its route's whole limit", async () => {
    const idle = [];
    for (let network = 0; network < 12; network += 1) {
      idle.push(await heldInsert(t.port, `192.0.${network + 100}.1`, opened, true));
    }
    await expect.poll(() => bytesInFlight(t.port), { timeout: 10_000 }).toBe(12 * CHUNKED_FIRST_SLICE);
    for (const upload of idle) upload.socket.destroy();
    await expect.poll(() => bytesInFlight(t.port), { timeout: 10_000 }).toBe(0);
  });

  it("cuts the idle ones, and only those, to take a save, long before the request timeout", async () => {
    const slots = DEFAULT_UPLOAD_BUDGET.maxBytes / MAX_INSERT_BODY_BYTES;
    // Each declares the whole 8 MiB limit: together, the whole process budget, from eight networks.
    const held = [];
    for (let network = 0; network < slots; network += 1) {
      held.push(await heldInsert(t.port, `192.0.${network + 10}.1`, opened));
    }
    await expect.poll(() => bytesInFlight(t.port), { timeout: 10_000 }).toBe(64 * MIB);
    // One of them keeps sending, slowly: it is not stalled, and keeps its room.
    const working = held[0] as RawRequest;
    const trickle = setInterval(() => working.send(" "), 100);
    try {
      const png = await drawingPng(600, 600, 612);
      const save = async () =>
        (
          await fetch(`http://127.0.0.1:${t.port}/rest/v1/drawings`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.50" },
            body: JSON.stringify(dataUrlBody(png)),
          })
        ).status;
      await expect.poll(save, { timeout: 15_000, interval: 200 }).toBe(201);
      // The room came from idle uploads (each cut once it had sent nothing for 2 s), never the working one.
      await Promise.any(held.slice(1).map((idle) => idle.closed));
      expect(working.socket.destroyed).toBe(false);
    } finally {
      clearInterval(trickle);
    }
  });
});

describe("a chunked upload as it arrives", () => {
  // One visitor may hold 1 MiB here.
  const t = listening(3_600_000, { maxBytesPerVisitor: MIB });
  const opened: Socket[] = [];
  afterAll(() => {
    for (const socket of opened.splice(0)) socket.destroy();
  });

  it("reserves its bytes before reading them, and is answered 429 once they pass its sender's share", async () => {
    const upload = await heldInsert(t.port, "198.51.100.77", opened, true);
    const chunk = `${(64 * 1024).toString(16)}\r\n${" ".repeat(64 * 1024)}\r\n`;
    for (let sent = 0; sent < 32; sent += 1) upload.send(chunk);
    const answer = await upload.answer;
    expect(statusOf(answer)).toBe(429);
    expect(answer).toContain("uploads_in_flight");
    await upload.closed;
    await expect.poll(() => bytesInFlight(t.port), { timeout: 10_000 }).toBe(0);
  });
});

describe("live-wall streams per network", () => {
  const streams = eventStreamsOn(listening(3_600_000));
  const { connect } = streams;
  afterAll(() => streams.closeAll());

  it("lets the /64s of one /56 hold its share of streams, and every other network still connects", async () => {
    const share = DEFAULT_EVENT_STREAM_LIMITS.maxStreamsPerNetwork;
    const statuses: number[] = [];
    // One stream from each of 168 /64s of 2001:db8:aa:bb00::/56, as the attack run opened them.
    for (let subnet = 0; subnet < 168; subnet += 1) {
      const answer = await connect(`2001:db8:aa:bb${subnet.toString(16).padStart(2, "0")}::1`);
      statuses.push(answer.status);
      if (answer.status !== 200) expect(answer.refusal?.code).toBe("too_many_streams");
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(share);
    expect(statuses.filter((status) => status === 429)).toHaveLength(168 - share);
    expect((await connect("2001:db8:aa:cc00::1")).status).toBe(200);
    expect((await connect("192.0.2.1")).status).toBe(200);
  });
});
