import type { HostCommand } from "../../common/rooms/room-messages.ts";
import type { LiveRoom } from "./live-room.ts";
import { barredClose, type RoomHub } from "./room-hub.ts";
import { barVisitor, visitorOfSlot } from "./room-queries.ts";
import type { SocketMember } from "./socket-member.ts";

/** How long a kicked person stays out. */
export const KICK_MS = 10 * 60 * 1000;

/** Carries out a host's control (the caller checked the secret). */
export async function hostCommand(hub: RoomHub, room: LiveRoom, host: SocketMember, command: HostCommand) {
  const { store, feed, now } = hub.context;
  switch (command.t) {
    case "lock":
    case "unlock":
      room.control(host, command.t);
      return;
    case "remove":
      room.control(host, "remove", command.slot);
      return;
    case "kick":
    case "ban": {
      if (command.slot === host.slot)
        return host.send({ t: "notice", code: "self", message: "You cannot remove yourself." });
      const visitorHash = await visitorOfSlot(store.db, room.id, command.slot);
      if (visitorHash === undefined) return;
      const banned = command.t === "ban";
      await barVisitor(store.db, room.id, visitorHash, banned ? undefined : new Date(now() + KICK_MS));
      await feed.announceBarred(room.id, command.slot, banned);
      room.closeMembers(...barredClose(banned), command.slot);
      return;
    }
    case "end":
      await hub.end(room.id);
      return;
  }
}
