import { describe, expect, it } from "vitest";
import { ROOM_CLOSE } from "../../src/common/rooms/room-close.ts";
import { LIVE_FIRST } from "../../src/common/rooms/room-frames.ts";
import { encodeLive } from "../../src/common/rooms/room-passing-frames.ts";
import { createTestDatabase, testDialects } from "./helpers/dialects.ts";
import { processKit } from "./helpers/process-kit.ts";
import {
  connectRoom,
  isMessage,
  liveFrame,
  opId,
  type RoomTestClient,
  stroke,
} from "./helpers/room-client.ts";
import { spawnServer } from "./helpers/server-process.ts";

// Rooms are stored: a restart loses nothing a page was told was added. On PostgreSQL, several server processes
// serve one room: every page gets the same log in the same order, strokes being drawn and who is there cross
// from process to process.

const { defer, twoProcesses } = processKit();

async function createRoom(baseUrl: string): Promise<{ id: string; hostSecret: string }> {
  const answer = await fetch(`${baseUrl}/api/rooms`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  expect(answer.status).toBe(201);
  return (await answer.json()) as { id: string; hostSecret: string };
}

async function join(
  baseUrl: string,
  id: string,
  options?: Parameters<typeof connectRoom>[2],
): Promise<RoomTestClient> {
  const client = await connectRoom(baseUrl, id, options);
  defer(() => client.close());
  await client.waitFor(isMessage("welcome"), "the welcome");
  return client;
}

for (const dialect of testDialects()) {
  describe(`rooms in a server process on ${dialect}`, () => {
    it("survive a restart: the drawing, who drew it and the host's secret are all still there", async () => {
      const database = await createTestDatabase(dialect);
      defer(() => database.drop());
      // A burst of 300 strokes at once, past the pace one hand keeps (ROOM_OPS_PER_SECOND).
      const env = { ...database.env, ROOM_OPS_PER_SECOND: "1000", ROOM_POINTS_PER_SECOND: "100000" };
      const first = await spawnServer(env);
      const room = await createRoom(first.baseUrl);
      const ann = await join(first.baseUrl, room.id);
      const ids = Array.from({ length: 300 }, () => opId());
      for (let start = 0; start < ids.length; start += 50) {
        ann.submit(
          ids.slice(start, start + 50).map((id) => ({ kind: "op" as const, opId: id, op: stroke(3) })),
        );
      }
      await ann.waitFor(() => ann.ops().length === ids.length, "every stroke in the log");
      ann.submit([{ kind: "undo", opId: opId() }]);
      await ann.waitFor(() => ann.state().through === ids.length + 1, "the undo");
      expect(await first.stop()).toBe(0);
      await ann.waitFor((item) => item.kind === "close" && item.code === 1001, "the restart's close");

      const second = await spawnServer(env);
      defer(async () => void (await second.stop()));
      const back = await join(second.baseUrl, room.id, { visitorId: ann.visitorId });
      await back.waitFor(() => back.state().through === ids.length + 1, "the log after the restart");
      expect(back.state().painted()).toHaveLength(ids.length - 1);
      expect((await back.waitFor(isMessage("welcome"), "welcome")).message.you.slot).toBe(0);
      const host = await join(second.baseUrl, room.id, { hello: { t: "hello", host: room.hostSecret } });
      expect((await host.waitFor(isMessage("welcome"), "welcome")).message.you.host).toBe(true);
    });
  });

  // Several processes can share only a PostgreSQL database; SQLite belongs to one process.
  if (dialect !== "postgres") continue;

  describe("a room served by two processes on one PostgreSQL database", () => {
    it("gives pages on either process the same log in the same order, and each other's strokes while drawn", async () => {
      // A long stroke's live frame (below) is past the points one hand sends a second.
      const { a, b } = await twoProcesses({ ROOM_POINTS_PER_SECOND: "100000" });
      const room = await createRoom(a.baseUrl);
      const onA = await join(a.baseUrl, room.id);
      const onB = await join(b.baseUrl, room.id);
      await onA.waitFor(
        (item) => item.kind === "json" && item.message.t === "people" && item.message.people.length === 2,
        "B's person on A",
      );

      onA.sendBytes(liveFrame(4242));
      await onB.waitFor((item) => item.kind === "live" && item.strokeId === 4242, "A's live stroke on B");
      onB.sendBytes(liveFrame(4343));
      await onA.waitFor((item) => item.kind === "live" && item.strokeId === 4343, "B's live stroke on A");
      // Too long to ride in the signal (about 6.7 KB): it passes through a row of room_live.
      const long = stroke(2000);
      const wander = (index: number, step: number) => 50 + ((index * step) % 500);
      const points = {
        ...long.points,
        x: long.points.x.map((_, index) => wander(index, 37)),
        y: long.points.x.map((_, index) => wander(index, 53)),
      };
      onA.sendBytes(encodeLive({ strokeId: 4444, flags: LIVE_FIRST, stroke: { ...long, points } }));
      await onB.waitFor(
        (item) => item.kind === "live" && item.strokeId === 4444 && item.points === 2000,
        "A's long live stroke on B",
      );

      for (let round = 0; round < 10; round += 1) {
        onA.submit([{ kind: "op", opId: opId(), op: stroke(3, "#ff0000") }]);
        onB.submit([{ kind: "op", opId: opId(), op: stroke(3, "#0000ff") }]);
      }
      for (const client of [onA, onB])
        await client.waitFor(() => client.ops().length === 20, "all 20 strokes");
      expect(onA.ops().map((entry) => `${entry.seq}:${entry.opId}`)).toEqual(
        onB.ops().map((entry) => `${entry.seq}:${entry.opId}`),
      );
      expect(onA.ops().map((entry) => entry.seq)).toEqual(
        Array.from({ length: 20 }, (_, index) => index + 1),
      );

      // The host on A ends it: B's page is told too.
      const host = await join(a.baseUrl, room.id, { hello: { t: "hello", host: room.hostSecret } });
      host.sendJson({ t: "end" });
      await onB.waitFor((item) => item.kind === "close" && item.code === ROOM_CLOSE.ended, "the end on B");
    });
  });
}
