import { describe, expect, it } from "vitest";
import { ByteWriter } from "../../src/common/drawing-document/byte-writer.ts";
import { ROOM_CLOSE } from "../../src/common/rooms/room-close.ts";
import { FRAME } from "../../src/common/rooms/room-frames.ts";
import {
  decodePicture,
  MAX_PICTURE_BYTES,
  MAX_PICTURE_PARTS,
  PICTURE_PART_BYTES,
} from "../../src/common/rooms/room-picture.ts";
import { testDialects } from "./helpers/dialects.ts";
import { type ListeningApp, startRoomApp } from "./helpers/room-app.ts";
import { isMessage, opId, stroke } from "./helpers/room-client.ts";
import { closedWith, roomClients } from "./helpers/room-clients.ts";
import {
  firstFrameOf,
  firstPictureOf,
  pictureHanded,
  png,
  sendPicture,
} from "./helpers/room-picture-frames.ts";

// The room's picture: the host's page sends a PNG of the log's start, and a late joiner gets it before the
// snapshot (and paints only what follows it), only while it is still the start of the log. Only the host's
// page may send one; one that is not a 600 x 600 PNG closes the socket and changes nothing.

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
    expect(bye.message.message).toContain("600 x 600");
    expect(await firstFrameOf(() => rooms.join(room.id))).toBeUndefined();
  });

  it("is kept in the store; an oversized, damaged or guest's picture is refused with its reason and changes nothing", async () => {
    app = await startRoomApp(dialect, { pictureEvery: 2 });
    const store = app.store;
    const room = await app.createRoom();
    const stored = () =>
      store.db.selectFrom("room_pictures").select(["room_id", "seq", "painted", "png"]).execute();
    const hostHello = { hello: { t: "hello" as const, host: room.hostSecret } };
    let host = await rooms.welcomed(room.id, hostHello);
    host.submit([1, 2, 3].map(() => ({ kind: "op" as const, opId: opId(), op: stroke(4) })));
    await host.waitFor(() => host.ops().length === 3, "three strokes");
    const white = await png();
    sendPicture(host, { seq: 3, painted: 3 }, white);
    const late = () => rooms.join(room.id);
    expect(await pictureHanded(late, 3)).toEqual({ seq: 3, painted: 3 });
    const kept = [{ room_id: room.id, seq: 3, painted: 3, png: white }];
    const storedNow = async () =>
      (await stored()).map((row) => ({
        ...row,
        seq: Number(row.seq),
        painted: Number(row.painted),
        png: Buffer.from(row.png),
      }));
    expect(await storedNow()).toEqual(kept);
    host.submit([{ kind: "op", opId: opId(), op: stroke(4) }]);
    await host.waitFor(() => host.ops().length === 4, "a fourth stroke");
    const red = await png(600, "#ff0000");

    // A guest's page: told it is the host's to send, and nothing is kept.
    const guest = await rooms.welcomed(room.id);
    sendPicture(guest, { seq: 4, painted: 4 }, red);
    expect((await guest.waitFor(isMessage("notice"), "the refusal")).message.message).toContain(
      "Only the room's host's page",
    );

    // Damaged: a PNG's header and the start of its data, cut short.
    sendPicture(host, { seq: 4, painted: 4 }, red.subarray(0, red.length - 20));
    await host.waitFor(closedWith(ROOM_CLOSE.malformed), "the close");
    expect((await host.waitFor(isMessage("bye"), "the reason")).message.message).toMatch(
      /the room's picture: The PNG .*(truncated|damaged|ends)/i,
    );

    // Oversized: parts that add up to more than a picture may hold.
    host = await rooms.welcomed(room.id, hostHello);
    const parts = MAX_PICTURE_PARTS;
    for (let part = 0; part < parts; part += 1) {
      const writer = new ByteWriter();
      for (const value of [4, 4, part, parts]) writer.varint(value);
      writer.chunk(new Uint8Array(PICTURE_PART_BYTES));
      host.sendBytes(new Uint8Array([FRAME.picturePart, ...writer.bytes()]));
    }
    await host.waitFor(closedWith(ROOM_CLOSE.malformed), "the close");
    expect((await host.waitFor(isMessage("bye"), "the reason")).message.message).toContain(
      `A picture is at most ${MAX_PICTURE_BYTES} bytes`,
    );

    // Nothing changed: the store and a late joiner still have the first picture.
    expect(await storedNow()).toEqual(kept);
    const handed = await firstPictureOf(late);
    expect(handed).toEqual({ seq: 3, painted: 3, png: white });
  });
});
