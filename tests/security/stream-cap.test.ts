import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_EDGE } from "../../src/server/config.ts";
import { DEFAULT_EVENT_STREAM_LIMITS } from "../../src/server/live/event-streams.ts";
import { listeningAppForBlock } from "../api/helpers/app.ts";
import { eventStreamsOn } from "./helpers/event-streams.ts";

// 1,000 GET /api/events from one address would fill the process's streams, and every other visitor would get
// 503 for as long as the attacker held them. Streams are capped per visitor (IPv4 address, IPv6 /64).

const PER_VISITOR = DEFAULT_EVENT_STREAM_LIMITS.maxStreamsPerVisitor;

describe("live-wall streams per visitor (production limits, behind one proxy)", () => {
  const t = listeningAppForBlock("sqlite", { edge: { ...DEFAULT_EDGE, trustProxyHops: 1 } });
  const streams = eventStreamsOn(t);
  const { connect } = streams;
  afterAll(() => streams.closeAll());

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
    streams.closeLast();
    await expect.poll(async () => (await connect("192.0.2.77")).status, { timeout: 10_000 }).toBe(200);
  });
});
