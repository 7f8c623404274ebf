import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ROOM_CLOSE } from "../../src/common/rooms/room-close.ts";
import { FRAME } from "../../src/common/rooms/room-frames.ts";
import { decodePicture, encodePictureParts, type PictureMark } from "../../src/common/rooms/room-picture.ts";
import { testDialects } from "./helpers/dialects.ts";
import { type ListeningApp, startRoomApp } from "./helpers/room-app.ts";
import { isMessage, opId, type RoomTestClient, stroke } from "./helpers/room-client.ts";
import { closedWith, roomClients } from "./helpers/room-clients.ts";

// The room's picture: the host's page sends a PNG of the log's start, and a late joiner gets it before the
// snapshot (and paints only what follows it), only while it is still the start of the log. Only the host's
// page may send one; one that is not a 600 x 600 PNG closes the socket and changes nothing.

const DEADLINE_MS = 10_000;

/** A plain PNG of `size` pixels square. */
function png(size = 600): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();
}

function sendPicture(client: RoomTestClient, mark: PictureMark, bytes: Uint8Array): void {
  for (const part of encodePictureParts(mark, bytes)) client.sendBytes(part);
}

/**
 * The first binary frame a page joining now gets (`join` must not wait for the welcome, which the frames follow
 * at once): a picture's mark, or undefined when it is the snapshot.
 */
async function firstFrameOf(join: () => Promise<RoomTestClient>): Promise<PictureMark | undefined> {
  const client = await join();
  const first = await new Promise<Uint8Array>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no frame came")), DEADLINE_MS);
    client.socket.on("message", (data, binary) => {
      clearTimeout(timer);
      if (binary) resolve(new Uint8Array(data as Buffer));
    });
  });
  client.close();
  if (first[0] !== FRAME.picture) return undefined;
  const { seq, painted } = decodePicture(first);
  return { seq, painted };
}

/** Joins until a late joiner gets a picture (the server checks one off the event loop), or the deadline. */
async function pictureHanded(join: () => Promise<RoomTestClient>): Promise<PictureMark | undefined> {
  const until = Date.now() + DEADLINE_MS;
  for (;;) {
    const mark = await firstFrameOf(join);
    if (mark !== undefined || Date.now() > until) return mark;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(testDialects())("a room's picture (%s)", (dialect) => {
  let app: ListeningApp | undefined;
  const rooms = roomClients(
    () => app,
    () => {
      app = undefined;
    },
  );

  it("goes to a late joiner before the snapshot, only while it is the start of the log", async () => {
    app = await startRoomApp(dialect, { pictureEvery: 2 });
    const room = await app.createRoom();
    const host = await rooms.welcomed(room.id, { hello: { t: "hello", host: room.hostSecret } });
    const welcome = await host.waitFor(isMessage("welcome"), "the welcome");
    expect(welcome.message.picture).toEqual({ every: 2, through: 0 });
    host.submit([1, 2, 3].map(() => ({ kind: "op" as const, opId: opId(), op: stroke(4) })));
    await host.waitFor(() => host.ops().length === 3, "three strokes");
    const image = await png();
    sendPicture(host, { seq: 3, painted: 3 }, image);
    const late = () => rooms.join(room.id);
    expect(await pictureHanded(late)).toEqual({ seq: 3, painted: 3 });
    const client = await rooms.join(room.id);
    const frames: Uint8Array[] = [];
    client.socket.on("message", (data, binary) => {
      if (binary) frames.push(new Uint8Array(data as Buffer));
    });
    await client.waitFor(() => client.ops().length === 3, "the drawing so far");
    expect(frames.map((frame) => frame[0])).toEqual([FRAME.picture, FRAME.entries]);
    expect(Buffer.from(decodePicture(frames[0] as Uint8Array).png)).toEqual(image);
    // The host takes back its second stroke: the picture no longer shows the log, and goes to nobody.
    host.submit([{ kind: "undo", opId: opId() }]);
    await host.waitFor(() => host.state().through === 4, "the undo");
    expect(await firstFrameOf(late)).toBeUndefined();
    // A newer one that counts the strokes as they are now is taken.
    sendPicture(host, { seq: 4, painted: 2 }, image);
    expect(await pictureHanded(late)).toEqual({ seq: 4, painted: 2 });
  });

  it("is the host's page's alone, and a picture that is not a 600 x 600 PNG closes the socket", async () => {
    app = await startRoomApp(dialect, { pictureEvery: 2 });
    const room = await app.createRoom();
    const host = await rooms.welcomed(room.id, { hello: { t: "hello", host: room.hostSecret } });
    const guest = await rooms.welcomed(room.id);
    const guestWelcome = await guest.waitFor(isMessage("welcome"), "the welcome");
    expect(guestWelcome.message.picture).toBeUndefined();
    host.submit([{ kind: "op", opId: opId(), op: stroke(4) }]);
    await guest.waitFor(() => guest.ops().length === 1, "the stroke");
    sendPicture(guest, { seq: 1, painted: 1 }, await png());
    const notice = await guest.waitFor(isMessage("notice"), "the refusal");
    expect(notice.message.code).toBe("host_only");
    // A count that is not the log's is a picture of something else: not handed out.
    sendPicture(host, { seq: 1, painted: 0 }, await png());
    sendPicture(host, { seq: 1, painted: 1 }, await png(10));
    await host.waitFor(closedWith(ROOM_CLOSE.malformed), "the close");
    const bye = await host.waitFor(isMessage("bye"), "the reason");
    expect(bye.message.message).toContain("600 x 600 PNG");
    expect(await firstFrameOf(() => rooms.join(room.id))).toBeUndefined();
  });
});
