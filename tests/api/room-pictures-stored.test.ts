import { describe, expect, it } from "vitest";
import { createTestDatabase, testDialects } from "./helpers/dialects.ts";
import { processKit } from "./helpers/process-kit.ts";
import { connectRoom, isMessage, opId, type RoomTestClient, stroke } from "./helpers/room-client.ts";
import { firstPictureOf, pictureHanded, png, sendPicture } from "./helpers/room-picture-frames.ts";
import { spawnServer } from "./helpers/server-process.ts";

// The room's picture is stored: after a restart, with nobody else in the room, a late joiner gets the picture
// the host's page sent and the operations after it, while the picture still shows the log (an undo reaching
// into it sets it aside, a redo brings it back). Two server processes one after the other on a busy machine:
// a longer deadline than one process's test.

const { defer } = processKit();

for (const dialect of testDialects()) {
  describe(`a room's stored picture on ${dialect}`, () => {
    it("goes to a joiner after a restart with nobody else in the room, with the operations after it", async () => {
      const database = await createTestDatabase(dialect);
      defer(() => database.drop());
      const env = { ...database.env, ROOM_PICTURE_EVERY: "2" };
      const start = async () => {
        const server = await spawnServer(env);
        defer(async () => void (await server.stop()));
        const join = async (options?: Parameters<typeof connectRoom>[2]) => {
          const client = await connectRoom(server.baseUrl, room.id, options);
          defer(() => client.close());
          return client;
        };
        return { server, join };
      };
      const welcomed = async (client: RoomTestClient) => {
        await client.waitFor(isMessage("welcome"), "the welcome");
        return client;
      };
      let room = { id: "", hostSecret: "" };
      const first = await start();
      const made = await fetch(`${first.server.baseUrl}/api/rooms`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      room = (await made.json()) as typeof room;
      const hostHello = { hello: { t: "hello" as const, host: room.hostSecret } };
      const host = await welcomed(await first.join(hostHello));
      host.submit([1, 2, 3].map(() => ({ kind: "op" as const, opId: opId(), op: stroke(4) })));
      await host.waitFor(() => host.ops().length === 3, "three strokes");
      const red = await png(600, "#ff0000");
      sendPicture(host, { seq: 3, painted: 3 }, red);
      expect(await pictureHanded(() => first.join(), 3)).toEqual({ seq: 3, painted: 3 });
      host.submit([4, 5].map(() => ({ kind: "op" as const, opId: opId(), op: stroke(4) })));
      await host.waitFor(() => host.ops().length === 5, "two strokes after the picture");
      host.close();
      expect(await first.server.stop()).toBe(0);

      // Nobody in the room, a fresh process: the picture, then the log through its last stroke.
      const second = await start();
      expect(await firstPictureOf(() => second.join())).toEqual({ seq: 3, painted: 3, png: red });
      const late = await welcomed(await second.join());
      await late.waitFor(() => late.state().through === 5, "the strokes after the picture");
      expect(late.state().painted()).toHaveLength(5);
      late.close();

      // The host takes back three strokes, the last reaching into the picture: it no longer shows the log.
      const back = await welcomed(await second.join({ ...hostHello, visitorId: host.visitorId }));
      back.submit([1, 2, 3].map(() => ({ kind: "undo" as const, opId: opId() })));
      await back.waitFor(() => back.state().through === 8, "the undos");
      expect(await firstPictureOf(() => second.join())).toBeUndefined();
      // Its redo makes the log what the picture shows again.
      back.submit([{ kind: "redo", opId: opId() }]);
      await back.waitFor(() => back.state().through === 9, "the redo");
      expect(await firstPictureOf(() => second.join())).toEqual({ seq: 3, painted: 3, png: red });
    }, 60_000);
  });
}
