import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError } from "../../src/common/api.ts";
import { DEFAULT_EDGE } from "../../src/server/config.ts";
import { DEFAULT_EVENT_STREAM_LIMITS } from "../../src/server/live/event-streams.ts";
import { startTestApp, type TestApp } from "../api/helpers/app.ts";

// 1,000 GET /api/events from one address would fill the process's streams, and every other visitor would get
// 503 for as long as the attacker held them. Streams are capped per visitor (IPv4 address, IPv6 /64).

const PER_VISITOR = DEFAULT_EVENT_STREAM_LIMITS.maxStreamsPerVisitor;

describe("live-wall streams per visitor (production limits, behind one proxy)", () => {
  let t: TestApp;
  let base: string;
  const open: AbortController[] = [];
  // Held, not only their controllers: a fetch's unread body that is collected closes its connection.
  const responses: Response[] = [];
  beforeAll(async () => {
    t = await startTestApp("sqlite", { edge: { ...DEFAULT_EDGE, trustProxyHops: 1 } });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const stream of open) stream.abort();
    await t.close();
  });

  /** GET /api/events as `visitor` (the address the proxy names); a stream that opened is kept open. */
  const connect = async (visitor: string) => {
    const controller = new AbortController();
    const response = await fetch(`${base}/api/events`, {
      signal: controller.signal,
      headers: { "x-forwarded-for": visitor },
    });
    if (response.status === 200) {
      open.push(controller);
      responses.push(response);
    }
    const refusal = response.status === 200 ? undefined : ((await response.json()) as ApiError);
    return { status: response.status, retryAfter: response.headers.get("retry-after"), refusal };
  };

  it("lets one address hold a handful, however many it asks for, and every other visitor still connects", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 50; attempt += 1) statuses.push((await connect("203.0.113.5")).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(PER_VISITOR);
    const refused = await connect("203.0.113.5");
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe("10");
    expect(refused.refusal?.code).toBe("too_many_streams");
    expect((await connect("198.51.100.7")).status).toBe(200);
  });

  it("counts an IPv6 /64 as one visitor", async () => {
    const statuses: number[] = [];
    for (let host = 1; host <= PER_VISITOR + 3; host += 1) {
      statuses.push((await connect(`2001:db8:5:6::${host.toString(16)}`)).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(PER_VISITOR);
    expect((await connect("2001:db8:5:7::1")).status).toBe(200);
  });

  it("gives a visitor its place back when one of its streams closes", async () => {
    for (let attempt = 0; attempt < PER_VISITOR; attempt += 1)
      expect((await connect("192.0.2.77")).status).toBe(200);
    expect((await connect("192.0.2.77")).status).toBe(429);
    open.at(-1)?.abort();
    await expect.poll(async () => (await connect("192.0.2.77")).status, { timeout: 10_000 }).toBe(200);
  });
});
