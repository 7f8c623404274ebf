import { afterEach, describe, expect, it } from "vitest";
import { testDialects } from "./helpers/dialects.ts";
import { type ListeningApp, startRoomApp } from "./helpers/room-app.ts";
import {
  connectRoom,
  isMessage,
  liveFrame,
  opId,
  type RoomTestClient,
  stroke,
} from "./helpers/room-client.ts";

// A live room over real WebSockets: one authority orders every entry, everyone gets them in the same order,
// undo takes back one's own, a late joiner gets the drawing so far.

describe.each(testDialects())("a live room (%s)", (dialect) => {
  let app: ListeningApp | undefined;
  const clients: RoomTestClient[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await app?.close();
    app = undefined;
  });
  const join = async (id: string, hello?: Parameters<typeof connectRoom>[2]) => {
    const client = await connectRoom((app as ListeningApp).baseUrl, id, hello);
    clients.push(client);
    await client.waitFor(isMessage("welcome"), "the welcome");
    return client;
  };

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
    for (const client of [ann, bob]) {
      await client.waitFor(() => client.ops().length === 2, "both strokes");
    }
    expect(ann.ops().map((entry) => entry.opId)).toEqual(bob.ops().map((entry) => entry.opId));
    expect(new Set(ann.ops().map((entry) => entry.opId))).toEqual(new Set([annOp, bobOp]));
  });
});
