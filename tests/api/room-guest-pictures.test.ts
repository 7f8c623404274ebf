import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { PictureMark } from "../../src/common/rooms/room-picture.ts";
import { createTestDatabase, testDialects } from "./helpers/dialects.ts";
import { processKit } from "./helpers/process-kit.ts";
import { connectRoom, isMessage, opId, type RoomTestClient, stroke } from "./helpers/room-client.ts";
import { firstPictureOf, pictureHanded, png, sendPicture } from "./helpers/room-picture-frames.ts";
import { spawnServer } from "./helpers/server-process.ts";

// A room whose host's page never came gets its picture from guests' pages, but only when two visitors (another
// browser AND another address) sent the same pixels of the same seq: one guest, two tabs of one browser, two
// browsers behind one address, or pictures that disagree are never handed to a late joiner. The host's picture
// is still taken alone. Addresses come from X-Forwarded-For (TRUST_PROXY), as behind the deploy's proxy.

const { defer } = processKit();

/** Two guests' addresses in other networks, and a third. */
const ADDRESSES = ["203.0.113.7", "198.51.100.9", "192.0.2.44"] as const;

/** The same pixels as `bytes`, encoded again otherwise (another page's PNG of the same canvas). */
async function encodedAgain(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes).png({ compressionLevel: 1, adaptiveFiltering: true }).toBuffer();
}

for (const dialect of testDialects()) {
  describe(`guests' pictures of a room on ${dialect}`, () => {
    const start = async (env: Record<string, string>) => {
      const server = await spawnServer({ ...env, ROOM_PICTURE_EVERY: "2", TRUST_PROXY: "true" });
      defer(async () => void (await server.stop()));
      return server;
    };
    const newRoom = async (baseUrl: string) => {
      const made = await fetch(`${baseUrl}/api/rooms`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      return (await made.json()) as { id: string; hostSecret: string };
    };
    const joiner = (baseUrl: string, roomId: string) => {
      return async (options: { address?: string; visitorId?: string; host?: string } = {}) => {
        const client = await connectRoom(baseUrl, roomId, {
          headers: { "x-forwarded-for": options.address ?? "192.0.2.200" },
          ...(options.visitorId === undefined ? {} : { visitorId: options.visitorId }),
          ...(options.host === undefined ? {} : { hello: { t: "hello", host: options.host } }),
        });
        defer(() => client.close());
        return client;
      };
    };
    /** Sends a picture, then waits until the server handled it (a message after it on one socket comes after). */
    const sendAndSettle = async (client: RoomTestClient, mark: PictureMark, bytes: Buffer, name: string) => {
      sendPicture(client, mark, bytes);
      client.sendJson({ t: "name", name });
      await client.waitFor(
        (item) => isMessage("people")(item) && item.message.people.some((person) => person.name === name),
        `the name ${name}`,
      );
    };
    const drawThree = async (client: RoomTestClient) => {
      const welcome = await client.waitFor(isMessage("welcome"), "the welcome");
      client.submit([1, 2, 3].map(() => ({ kind: "op" as const, opId: opId(), op: stroke(4) })));
      await client.waitFor(() => client.state().through === 3, "three strokes");
      return welcome.message;
    };

    /** A fresh database and server with a new room, and a first drawer in it from the first address. */
    const roomWithDrawer = async () => {
      const database = await createTestDatabase(dialect);
      defer(() => database.drop());
      const server = await start(database.env);
      const room = await newRoom(server.baseUrl);
      const join = joiner(server.baseUrl, room.id);
      const one = await join({ address: ADDRESSES[0] });
      return { database, server, room, join, one };
    };

    it("hands out two visitors' matching pictures, after a restart too", async () => {
      const { database, server: first, room, join, one } = await roomWithDrawer();
      const welcome = await drawThree(one);
      // With no host's page in the room, a drawer's page is asked for the picture at a quiet moment.
      expect(welcome.picture).toEqual({ every: 2, through: 0, quietMs: expect.any(Number) });
      const blue = await png(600, "#2040ff");
      await sendAndSettle(one, { seq: 3, painted: 3 }, blue, "one");
      expect(await firstPictureOf(() => join())).toBeUndefined();
      const two = await join({ address: ADDRESSES[1] });
      await two.waitFor(() => two.state().through === 3, "the strokes");
      sendPicture(two, { seq: 3, painted: 3 }, await encodedAgain(blue));
      expect(await pictureHanded(() => join(), 3)).toEqual({ seq: 3, painted: 3 });
      one.close();
      two.close();
      expect(await first.stop()).toBe(0);

      const second = await start(database.env);
      const handed = await firstPictureOf(() => joiner(second.baseUrl, room.id)());
      expect(handed?.seq).toBe(3);
      const pixels = (bytes: Buffer) => sharp(bytes).ensureAlpha().raw().toBuffer();
      expect((await pixels(handed?.png ?? Buffer.alloc(0))).equals(await pixels(blue))).toBe(true);
    }, 60_000);

    it("hands out no picture from one guest, one address, one browser or pictures that disagree; the host's is taken", async () => {
      const { room, join, one } = await roomWithDrawer();
      await drawThree(one);
      const mark = { seq: 3, painted: 3 };
      const green = await png(600, "#00c000");
      await sendAndSettle(one, mark, green, "alone");
      // The same browser from another address (its first tab gone: the room shows one name per browser), then
      // another browser behind that address: no second visitor.
      one.close();
      const sameBrowser = await join({ address: ADDRESSES[1], visitorId: one.visitorId });
      await sendAndSettle(sameBrowser, mark, await encodedAgain(green), "same browser");
      const sameAddress = await join({ address: ADDRESSES[1] });
      await sendAndSettle(sameAddress, mark, await encodedAgain(green), "same address");
      // Another visitor whose pixels differ.
      const other = await join({ address: ADDRESSES[2] });
      await sendAndSettle(other, mark, await png(600, "#00c001"), "other pixels");
      expect(await firstPictureOf(() => join())).toBeUndefined();

      // The host's picture of the same seq is taken alone; had a guests' one been kept, it would be stale.
      const host = await join({ host: room.hostSecret });
      await host.waitFor(() => host.state().through === 3, "the strokes");
      const white = await png(600, "#ffffff");
      sendPicture(host, mark, white);
      expect(await pictureHanded(() => join(), 3)).toEqual(mark);
      expect((await firstPictureOf(() => join()))?.png).toEqual(white);

      // A guest who came while the host's page was here is asked for pictures once it leaves.
      const guest = await join({ address: ADDRESSES[1] });
      expect((await guest.waitFor(isMessage("welcome"), "the welcome")).message.picture).toBeUndefined();
      host.close();
      const asked = await guest.waitFor(isMessage("pictures"), "the request for pictures");
      expect(asked.message.picture).toEqual({ every: 2, through: 3, quietMs: expect.any(Number) });
    }, 60_000);
  });
}
