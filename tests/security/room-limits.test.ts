import { describe, expect, it } from "vitest";
import { DRAWING_LIMITS } from "../../src/common/drawing-document/limits.ts";
import { ROOM_CLOSE } from "../../src/common/rooms/room-close.ts";
import { encodePointer } from "../../src/common/rooms/room-passing-frames.ts";
import { LOOPBACK_HOSTS, UNLIMITED_EDGE } from "../../src/server/config.ts";
import { testDialects } from "../api/helpers/dialects.ts";
import { type ListeningApp, startRoomApp } from "../api/helpers/room-app.ts";
import { isMessage, liveFrame, opId, type RoomTestClient, stroke } from "../api/helpers/room-client.ts";
import { closedWith, roomClients } from "../api/helpers/room-clients.ts";

// Every limit of a live room (docs/security.md) closes the socket or refuses with a reason, and the room goes on
// serving everyone else.

describe.each(testDialects())("a live room's limits (%s)", (dialect) => {
  let app: ListeningApp | undefined;
  const { join, welcomed } = roomClients(
    () => app,
    () => {
      app = undefined;
    },
  );
  /** The room still serves: a newcomer's stroke reaches a witness. */
  const stillServes = async (id: string) => {
    const witness = await welcomed(id);
    const drawer = await welcomed(id);
    const id2 = opId();
    drawer.submit([{ kind: "op", opId: id2, op: stroke() }]);
    await witness.waitFor(
      () => witness.ops().some((entry) => entry.opId === id2),
      "a stroke after the refusal",
    );
  };

  it("closes a socket past ROOM_OPS_PER_SECOND with its reason", async () => {
    app = await startRoomApp(dialect, { opsPerSecond: 2 });
    const room = await app.createRoom();
    const flood = await welcomed(room.id);
    for (let frame = 0; frame < 3; frame += 1)
      flood.submit([
        { kind: "op", opId: opId(), op: stroke() },
        { kind: "op", opId: opId(), op: stroke() },
      ]);
    const closed = await flood.waitFor(closedWith(ROOM_CLOSE.rateLimited), "the close");
    expect(closed).toMatchObject({ reason: "too many operations" });
    expect(flood.received.find(isMessage("bye"))?.message.message).toMatch(/at most 2 a second/);
    await stillServes(room.id);
  });

  it("closes a socket past ROOM_POINTS_PER_SECOND (live strokes count)", async () => {
    app = await startRoomApp(dialect, { pointsPerSecond: 10 });
    const room = await app.createRoom();
    const flood = await welcomed(room.id);
    flood.sendBytes(liveFrame(5, 25));
    expect(await flood.waitFor(closedWith(ROOM_CLOSE.rateLimited), "the close")).toMatchObject({
      reason: "too many points",
    });
    await stillServes(room.id);
  });

  it("takes one finished stroke of the most points a stroke may have, then holds the socket to the rate", async () => {
    app = await startRoomApp(dialect);
    const room = await app.createRoom();
    const drawer = await welcomed(room.id);
    // Back and forth across the drawing, a pixel apart: as many points as a stroke may have.
    const x = Array.from({ length: DRAWING_LIMITS.pointsPerStroke }, (_, i) => 50 + (i % 500));
    const longest = {
      ...stroke(1),
      points: { x, y: x.map((_, i) => 50 + Math.floor(i / 500)), elapsed: x.map((_, i) => i) },
    };
    const longId = opId();
    drawer.submit([{ kind: "op", opId: longId, op: longest }]);
    await drawer.waitFor(() => drawer.ops().some((entry) => entry.opId === longId), "the long stroke");
    // Its points are owed: another stroke at once is past ROOM_POINTS_PER_SECOND.
    drawer.submit([{ kind: "op", opId: opId(), op: stroke(50) }]);
    await drawer.waitFor(closedWith(ROOM_CLOSE.rateLimited), "the close");
    await stillServes(room.id);
  });

  it("closes a socket past ROOM_MESSAGES_PER_SECOND", async () => {
    app = await startRoomApp(dialect, { messagesPerSecond: 10 });
    const room = await app.createRoom();
    const flood = await welcomed(room.id);
    for (let frame = 0; frame < 40; frame += 1) flood.sendBytes(encodePointer({ x: frame, y: frame }));
    expect(await flood.waitFor(closedWith(ROOM_CLOSE.rateLimited), "the close")).toMatchObject({
      reason: "too many messages",
    });
  });

  it("closes a socket that sends a message over ROOM_MESSAGE_KB (1009), having read no more", async () => {
    app = await startRoomApp(dialect, { maxMessageBytes: 16 * 1024 });
    const room = await app.createRoom();
    const big = await welcomed(room.id);
    big.sendBytes(new Uint8Array(17 * 1024).fill(1));
    expect(await big.waitFor(closedWith(1009), "the close")).toBeDefined();
    await stillServes(room.id);
  });

  it("seats ROOM_DRAWERS drawers; more watch, are refused if they draw, and draw once a seat is free", async () => {
    app = await startRoomApp(dialect, { drawersPerRoom: 2 });
    const room = await app.createRoom();
    const first = await welcomed(room.id);
    await welcomed(room.id);
    const third = await join(room.id);
    const welcome = await third.waitFor(isMessage("welcome"), "the welcome");
    expect(welcome.message.you.role).toBe("watcher");
    const refusedOp = opId();
    third.submit([{ kind: "op", opId: refusedOp, op: stroke() }]);
    const refused = await third.waitFor(isMessage("refused"), "the refusal");
    expect(refused.message).toMatchObject({ opIds: [refusedOp], code: "watching" });
    first.close();
    const promoted = await third.waitFor(isMessage("role"), "a free seat");
    expect(promoted.message.role).toBe("drawer");
  });

  it("refuses rooms past ROOM_CREATE_PER_HOUR from one visitor with 429", async () => {
    app = await startRoomApp(dialect, { createPerHour: 2 });
    await app.createRoom();
    await app.createRoom();
    const third = await app.app.inject({
      method: "POST",
      url: "/api/rooms",
      headers: { "content-type": "application/json" },
      payload: "{}",
    });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: "rate_limited" });
    expect(third.headers["retry-after"]).toBeDefined();
  });

  it.each([
    {
      whose: "a visitor's",
      setting: "ROOM_SOCKETS_PER_VISITOR",
      limit: { socketsPerVisitor: 2 },
      says: /room connections/,
    },
    {
      whose: "a network's",
      setting: "ROOM_SOCKETS_PER_NETWORK",
      limit: { socketsPerNetwork: 2 },
      says: /network holds/,
    },
  ])("closes $whose sockets past $setting with its reason", async ({ limit, says }) => {
    app = await startRoomApp(dialect, limit);
    const room = await app.createRoom();
    await welcomed(room.id);
    await welcomed(room.id);
    const third = await join(room.id);
    await third.waitFor(closedWith(ROOM_CLOSE.full), "the close");
    expect(third.received.find(isMessage("bye"))?.message.message).toMatch(says);
  });

  it("refuses a handshake addressed to a host that is not ours (DNS rebinding)", async () => {
    app = await startRoomApp(dialect, {}, { edge: { ...UNLIMITED_EDGE, allowedHosts: LOOPBACK_HOSTS } });
    const room = await app.createRoom();
    const rebound = join(room.id, { headers: { host: "rebind.evil.example" } });
    await expect(rebound).rejects.toThrow(/handshake answered 400/);
    expect((await welcomed(room.id)).received.some(isMessage("welcome"))).toBe(true);
  });

  it("refuses a handshake from another site's page (cross-site WebSocket hijacking), takes our own", async () => {
    app = await startRoomApp(dialect);
    const room = await app.createRoom();
    await expect(join(room.id, { origin: "https://evil.example" })).rejects.toThrow(/handshake answered 403/);
    await expect(join(room.id, { origin: "null" })).rejects.toThrow(/handshake answered 403/);
    const ours = await welcomed(room.id, { origin: app.baseUrl });
    expect(ours.received.some(isMessage("welcome"))).toBe(true);
  });

  it("closes a socket that sends what is not one of ours (4400) and changes nothing", async () => {
    app = await startRoomApp(dialect);
    const room = await app.createRoom();
    const garbage: (string | Uint8Array)[] = [
      new Uint8Array([1, 1, 0, 9, 9, 9]),
      new Uint8Array([99]),
      new Uint8Array([1, 1, 0, 1, 7, 70, 86, 68, 82, 1, 0, 200]),
      "{not json",
      JSON.stringify({ t: "kick", slot: "everyone" }),
      JSON.stringify({ t: "hello" }),
    ];
    for (const bad of garbage) {
      const client = await welcomed(room.id);
      client.socket.send(bad);
      await client.waitFor(closedWith(ROOM_CLOSE.malformed), `the close after ${String(bad).slice(0, 20)}`);
      expect(client.received.find(isMessage("bye"))?.message.message).toMatch(/could not read/);
    }
    const hello = await join(room.id, { hello: false });
    hello.socket.send(new Uint8Array([4, 0]));
    await hello.waitFor(closedWith(ROOM_CLOSE.malformed), "the close of a socket that never said hello");
    const late = await welcomed(room.id);
    await late.waitFor(isMessage("welcome"), "the welcome");
    expect(late.state().through).toBe(0);
  });

  it("keeps a banned browser out when it comes back, and a kicked one for a while", async () => {
    app = await startRoomApp(dialect);
    const room = await app.createRoom();
    const host = await welcomed(room.id, { hello: { t: "hello", host: room.hostSecret } });
    const troll = await welcomed(room.id);
    const guest = await welcomed(room.id);
    const slotOf = async (client: RoomTestClient) =>
      (await client.waitFor(isMessage("welcome"), "welcome")).message.you.slot;
    host.sendJson({ t: "ban", slot: await slotOf(troll) });
    await troll.waitFor(closedWith(ROOM_CLOSE.banned), "the ban");
    const back = await join(room.id, { visitorId: troll.visitorId });
    await back.waitFor(closedWith(ROOM_CLOSE.banned), "the banned browser's reconnect refused");
    host.sendJson({ t: "kick", slot: await slotOf(guest) });
    await guest.waitFor(closedWith(ROOM_CLOSE.kicked), "the kick");
    const again = await join(room.id, { visitorId: guest.visitorId });
    await again.waitFor(closedWith(ROOM_CLOSE.kicked), "the kicked browser's reconnect refused");
    // Only the host may: a guest's ban is refused and bans nobody.
    const other = await welcomed(room.id);
    other.sendJson({ t: "ban", slot: 0 });
    await other.waitFor(isMessage("notice"), "the refusal");
    await stillServes(room.id);
  });

  it("lets only the host lock, clear and remove someone's strokes", async () => {
    app = await startRoomApp(dialect);
    const room = await app.createRoom();
    const host = await welcomed(room.id, { hello: { t: "hello", host: room.hostSecret } });
    const guest = await welcomed(room.id);
    const guestSlot = (await guest.waitFor(isMessage("welcome"), "welcome")).message.you.slot;
    const clearId = opId();
    guest.submit([{ kind: "op", opId: clearId, op: { kind: "clear", author: 0, time: 0 } }]);
    expect((await guest.waitFor(isMessage("refused"), "the clear refused")).message).toMatchObject({
      code: "host_only",
    });
    guest.submit([
      { kind: "op", opId: opId(), op: stroke() },
      { kind: "op", opId: opId(), op: stroke() },
    ]);
    await host.waitFor(() => host.ops().length === 2, "the guest's strokes");
    host.sendJson({ t: "remove", slot: guestSlot });
    await host.waitFor(() => host.state().through === 3, "the removal");
    expect(host.state().painted()).toHaveLength(0);
    host.sendJson({ t: "lock" });
    await guest.waitFor(() => guest.state().locked, "the lock");
    const lockedId = opId();
    guest.submit([{ kind: "op", opId: lockedId, op: stroke() }]);
    await guest.waitFor(
      (item) => item.kind === "json" && item.message.t === "refused" && item.message.code === "locked",
      "the refusal",
    );
    host.submit([{ kind: "op", opId: opId(), op: stroke() }]);
    await guest.waitFor(() => guest.state().painted().length === 1, "the host's stroke while locked");
  });
});
