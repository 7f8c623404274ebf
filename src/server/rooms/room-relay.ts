import { ByteReader, utf8Text } from "../../common/drawing-document/byte-reader.ts";
import { ByteWriter } from "../../common/drawing-document/byte-writer.ts";
import type { RoomPerson } from "../../common/rooms/room-messages.ts";

// What one process hands the others for a room: the passing frames its visitors sent, and who is there. Read
// back from the store as untrusted bytes (another version of Fanvas may have written them): what does not parse
// is dropped whole.

/** A frame only processes exchange: a process's people in a room. */
export const PRESENCE_FRAME = 7;

/** The people of this process in a room, as a frame for the others. */
export function presenceFrame(roomId: string, origin: string, people: readonly RoomPerson[]): Uint8Array {
  const writer = new ByteWriter();
  writer.byte(PRESENCE_FRAME);
  writer.chunk(new TextEncoder().encode(JSON.stringify({ roomId, origin, people })));
  return writer.bytes();
}

/** A presence frame's content; undefined when it is not one. */
export function readPresence(frame: Uint8Array): { origin: string; people: RoomPerson[] } | undefined {
  try {
    const reader = new ByteReader(frame);
    if (reader.byte() !== PRESENCE_FRAME) return undefined;
    const value = JSON.parse(utf8Text(reader.chunk(frame.length, () => new Error("long") as never))) as {
      origin?: unknown;
      people?: unknown;
    };
    if (typeof value.origin !== "string" || !Array.isArray(value.people)) return undefined;
    const people = value.people.filter(isPerson);
    return { origin: value.origin, people };
  } catch {
    return undefined;
  }
}

function isPerson(value: unknown): value is RoomPerson {
  const person = (value ?? {}) as Record<string, unknown>;
  return (
    Number.isInteger(person.slot) &&
    typeof person.name === "string" &&
    typeof person.colour === "string" &&
    (person.role === "drawer" || person.role === "watcher") &&
    typeof person.host === "boolean"
  );
}

/** A process's passing frames of several rooms, as one stored value. */
export function packRooms(rooms: ReadonlyMap<string, readonly Uint8Array[]>, origin: string): Uint8Array {
  const writer = new ByteWriter();
  const encoder = new TextEncoder();
  writer.chunk(encoder.encode(origin));
  writer.varint(rooms.size);
  for (const [roomId, frames] of rooms) {
    writer.chunk(encoder.encode(roomId));
    writer.varint(frames.length);
    for (const frame of frames) writer.chunk(frame);
  }
  return writer.bytes();
}

/** packRooms read back; undefined when the bytes are not such a value. */
export function unpackRooms(
  bytes: Uint8Array,
): { origin: string; rooms: Map<string, Uint8Array[]> } | undefined {
  try {
    const reader = new ByteReader(bytes);
    const tooLong = () => new Error("long") as never;
    const origin = utf8Text(reader.chunk(64, tooLong));
    const rooms = new Map<string, Uint8Array[]>();
    const count = reader.count(2);
    for (let index = 0; index < count; index += 1) {
      const roomId = utf8Text(reader.chunk(64, tooLong));
      const frames: Uint8Array[] = [];
      const length = reader.count(1);
      for (let frame = 0; frame < length; frame += 1) frames.push(reader.chunk(bytes.length, tooLong));
      rooms.set(roomId, frames);
    }
    return reader.remaining === 0 ? { origin, rooms } : undefined;
  } catch {
    return undefined;
  }
}
