import { describe, expect, it } from "vitest";
import { ROOM_CLOSE } from "../../src/common/rooms/room-close.ts";
import { testDialects } from "./helpers/dialects.ts";
import { ADMIN_TOKEN, moderation } from "./helpers/moderation.ts";
import { type ListeningApp, startRoomApp } from "./helpers/room-app.ts";
import { isMessage, liveFrame, opId, type RoomTestClient, stroke } from "./helpers/room-client.ts";
import { closedWith, roomClients } from "./helpers/room-clients.ts";

// A live room over real WebSockets: one authority orders every entry, everyone gets them in the same order,
// an entry sent twice counts once, undo takes back one's own, a late joiner gets a snapshot and what followed,
// the host (and a moderator) can end it, and an idle room expires.

describe.each(testDialects())("a live room (%s)", (dialect) => {
  let app: ListeningApp | undefined;
  const rooms = roomClients(
    () => app,
    () => {
      app = undefined;
    },
  );
  const join = rooms.welcomed;
  const opsOf = (client: RoomTestClient) => client.ops().map((entry) => entry.opId);

  it("orders two people's strokes the same for both, and shows a stroke while it is drawn", async () => {
    app = await startRoomApp(dialect);
    const room = await app.createRoom();
    const ann = await join(room.id);
    const bob = await join(room.id);
    ann.sendBytes(liveFrame(77));
    await bob.waitFor((item) => item.kind === "live" && item.strokeId === 77, "Ann's live stroke");
    const annOp = opId();
    const bobOp = opId();
    ann.submit([{ kind: "op", opId: annOp, op: stroke(4, "#ff0000") }]);
    bob.submit([{ kind: "op", opId: bobOp, op: stroke(4, "#0000ff") }]);
    for (const client of [ann, bob]) await client.waitFor(() => client.ops().length === 2, "both strokes");
    expect(opsOf(ann)).toEqual(opsOf(bob));
    expect(new Set(opsOf(ann))).toEqual(new Set([annOp, bobOp]));
    expect(ann.ops().map((entry) => entry.seq)).toEqual([1, 2]);
  });

  it("takes an entry sent again (a reconnect's queue) once, and says so", async () => {
    app = await startRoomApp(dialect);
    const room = await app.createRoom();
    const ann = await join(room.id);
    const id = opId();
    ann.submit([{ kind: "op", opId: id, op: stroke() }]);
    await ann.waitFor(() => ann.ops().length === 1, "the stroke");
    ann.close();
    const again = await join(room.id, { visitorId: ann.visitorId, hello: { t: "hello", since: 1 } });
    again.submit([{ kind: "op", opId: id, op: stroke() }]);
    await again.waitFor(isMessage("ack"), "the ack");
    const late = await join(room.id);
    expect(opsOf(late)).toEqual([id]);
  });

  it("lets undo and redo take back only one's own operation, for everyone", async () => {
    app = await startRoomApp(dialect);
    const room = await app.createRoom();
    const ann = await join(room.id);
    const bob = await join(room.id);
    const [annOp, bobOp] = [opId(), opId()];
    ann.submit([{ kind: "op", opId: annOp, op: stroke() }]);
    await bob.waitFor(() => bob.ops().length === 1, "Ann's stroke");
    bob.submit([{ kind: "op", opId: bobOp, op: stroke(3, "#00ff00") }]);
    await ann.waitFor(() => ann.ops().length === 2, "Bob's stroke");
    // Bob's undo takes back his stroke, though Ann's is older; a late joiner sees Ann's alone.
    bob.submit([{ kind: "undo", opId: opId() }]);
    await ann.waitFor(
      (item) => item.kind === "entries" && item.entries.some((e) => e.kind === "undo"),
      "the undo",
    );
    const late = await join(room.id);
    await late.waitFor(() => late.state().through === 3, "the log so far");
    const colours = (client: RoomTestClient) =>
      client
        .state()
        .painted()
        .map((op) => (op.kind === "stroke" ? op.style.colour : op.kind));
    expect(colours(late)).toEqual(["#000000"]);
    expect(colours(ann)).toEqual(["#000000"]);
    // Ann has nothing to redo; Bob brings his stroke back.
    ann.submit([{ kind: "redo", opId: opId() }]);
    bob.submit([{ kind: "redo", opId: opId() }]);
    for (const client of [ann, bob]) await client.waitFor(() => client.state().through === 5, "both redos");
    expect(ann.state().painted()).toHaveLength(2);
    expect(bob.state().painted()).toEqual(ann.state().painted());
  });

  it("gives a late joiner a snapshot that folds the log, then the entries after it", async () => {
    app = await startRoomApp(dialect, { opsPerSecond: 10_000, pointsPerSecond: 1_000_000 });
    const room = await app.createRoom();
    const ann = await join(room.id);
    for (let frame = 0; frame < 5; frame += 1) {
      ann.submit(Array.from({ length: 60 }, () => ({ kind: "op" as const, opId: opId(), op: stroke(3) })));
    }
    await ann.waitFor(() => ann.ops().length === 300, "300 strokes");
    const late = await join(room.id);
    await late.waitFor(() => late.ops().length === 300, "the drawing so far");
    const snapshot = late.received.find((item) => item.kind === "snapshot");
    expect(snapshot?.kind === "snapshot" && snapshot.state.through).toBeGreaterThanOrEqual(256);
    expect(late.received.filter((item) => item.kind === "entries").length).toBeLessThan(5);
  });

  it("ends when its host ends it: every page is told, and its link answers 404", async () => {
    app = await startRoomApp(dialect);
    const room = await app.createRoom();
    const host = await join(room.id, { hello: { t: "hello", host: room.hostSecret } });
    const guest = await join(room.id);
    guest.sendJson({ t: "end" });
    await guest.waitFor(isMessage("notice"), "the refusal of a guest's end");
    host.sendJson({ t: "end" });
    await guest.waitFor(closedWith(ROOM_CLOSE.ended), "the room's end");
    expect((await app.app.inject({ url: `/api/rooms/${room.id}/socket` })).statusCode).not.toBe(500);
    const late = await rooms.join(room.id);
    await late.waitFor(closedWith(ROOM_CLOSE.notFound), "the refusal of an ended room");
  });

  it("is listed for a moderator, who can end it", async () => {
    app = await startRoomApp(dialect, {}, { moderation: moderation() });
    const room = await app.createRoom();
    const guest = await join(room.id);
    const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const list = await app.app.inject({ url: "/api/admin/rooms", headers: auth });
    expect(list.json<{ items: { id: string; here: number }[] }>().items).toEqual([
      expect.objectContaining({ id: room.id, here: 1 }),
    ]);
    expect((await app.app.inject({ url: "/api/admin/rooms" })).statusCode).toBe(401);
    const ended = await app.app.inject({
      method: "POST",
      url: `/api/admin/rooms/${room.id}/end`,
      headers: auth,
    });
    expect(ended.json()).toEqual({ id: room.id, ended: true });
    await guest.waitFor(closedWith(ROOM_CLOSE.ended), "the room's end");
  });

  it("deletes a room nobody drew in for ROOM_IDLE_DAYS", async () => {
    app = await startRoomApp(dialect, { idleMs: 24 * 60 * 60 * 1000 });
    const idle = await app.createRoom();
    const fresh = await app.createRoom();
    await app.store.db
      .updateTable("rooms")
      .set({ last_active_at: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() })
      .where("id", "=", idle.id)
      .execute();
    expect(await app.app.rooms.expireIdle()).toEqual([idle.id]);
    expect((await app.app.inject({ url: `/r/${idle.id}` })).statusCode).toBe(404);
    const still = await app.store.db.selectFrom("rooms").select("id").where("id", "=", fresh.id).execute();
    expect(still).toHaveLength(1);
  });
});
