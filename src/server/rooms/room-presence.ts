import type { RoomPerson, RoomRole, ServerMessage } from "../../common/rooms/room-messages.ts";

// Who is in a room: this process's sockets and what the other processes last said of theirs. A browser holds
// one slot however many tabs it has open, so it counts once, as a drawer if any of its tabs draws.

/** One socket in a room, as the room sees it. */
export interface RoomMember {
  /** This process's number for the socket. */
  readonly key: number;
  readonly slot: number;
  readonly visitorHash: string;
  readonly host: boolean;
  name: string;
  colour: string;
  role: RoomRole;
  /** Sends a text message. */
  send(message: ServerMessage): void;
  /** Sends entries frames (their last seq), which the page must get whole and in order. */
  sendEntries(frame: Uint8Array, last: number): void;
  /** Sends passing frames, dropped when the page is behind. */
  sendLive(frame: Uint8Array): void;
  /** Says why, then closes the socket. */
  close(code: number, reason: string, message: string): void;
}

/** What another process last said about its people in the room. */
interface RemotePeople {
  readonly people: readonly RoomPerson[];
  readonly heardAt: number;
}

/** A process that has not spoken for this long has lost its people (it stopped, or lost the database). */
export const REMOTE_PEOPLE_EXPIRE_MS = 15_000;

/** The people of one room. */
export class RoomPresence {
  readonly members = new Set<RoomMember>();
  readonly #remote = new Map<string, RemotePeople>();
  readonly #drawersPerRoom: number;

  constructor(drawersPerRoom: number) {
    this.#drawersPerRoom = drawersPerRoom;
  }

  /** This process's people (one per slot). */
  localPeople(): RoomPerson[] {
    return mergeBySlot([...this.members].map(personOf));
  }

  /** Everyone in the room, one per slot. */
  people(now: number): RoomPerson[] {
    const remote = [...this.#remote.entries()].flatMap(([origin, heard]) => {
      if (now - heard.heardAt < REMOTE_PEOPLE_EXPIRE_MS) return heard.people;
      this.#remote.delete(origin);
      return [];
    });
    return mergeBySlot([...this.localPeople(), ...remote]);
  }

  /** How a new socket of `slot` joins: a drawer while seats are free (the host and a drawer's other tab always). */
  roleFor(slot: number, host: boolean, now: number): RoomRole {
    if (host) return "drawer";
    const people = this.people(now);
    if (people.some((person) => person.slot === slot && person.role === "drawer")) return "drawer";
    return people.filter((person) => person.role === "drawer").length < this.#drawersPerRoom
      ? "drawer"
      : "watcher";
  }

  /** Another process's people. */
  heard(origin: string, people: readonly RoomPerson[], now: number): void {
    this.#remote.set(origin, { people, heardAt: now });
  }

  /** The watchers of this process who may draw now that seats are free, the longest waiting first. */
  promotable(now: number): RoomMember[] {
    let free = this.#drawersPerRoom - this.people(now).filter((person) => person.role === "drawer").length;
    const promoted: RoomMember[] = [];
    for (const member of this.members) {
      if (free <= 0) break;
      if (member.role !== "watcher") continue;
      promoted.push(member);
      free -= 1;
    }
    return promoted;
  }
}

function personOf(member: RoomMember): RoomPerson {
  return {
    slot: member.slot,
    name: member.name,
    colour: member.colour,
    role: member.role,
    host: member.host,
  };
}

/** One person per slot: a drawer if any of the slot's sockets draws, the host if any holds the secret. */
function mergeBySlot(people: readonly RoomPerson[]): RoomPerson[] {
  const bySlot = new Map<number, RoomPerson>();
  for (const person of people) {
    const known = bySlot.get(person.slot);
    bySlot.set(
      person.slot,
      known === undefined
        ? person
        : {
            ...known,
            role: known.role === "drawer" || person.role === "drawer" ? "drawer" : "watcher",
            host: known.host || person.host,
          },
    );
  }
  return [...bySlot.values()].sort((a, b) => a.slot - b.slot);
}
