import { DRAWING_LIMITS } from "../../common/drawing-document/limits.ts";
import type { StartingPicture } from "../../common/drawing-document/types.ts";
import { ROOM_CLOSE } from "../../common/rooms/room-close.ts";
import type { SubmittedEntry } from "../../common/rooms/room-entries.ts";
import { FRAME } from "../../common/rooms/room-frames.ts";
import type { PictureSchedule, RoomPerson } from "../../common/rooms/room-messages.ts";
import { encodeBatch } from "../../common/rooms/room-passing-frames.ts";
import { RoomAppender } from "./room-appender.ts";
import type { RoomContext } from "./room-context.ts";
import { pictureScheduleOf } from "./room-guest-pictures.ts";
import type { RoomLog } from "./room-log.ts";
import { PictureKeeper } from "./room-picture-keeper.ts";
import { type RoomMember, RoomPresence } from "./room-presence.ts";
import type { StoredRoom } from "./room-queries.ts";
import { PRESENCE_FRAME, presenceFrame } from "./room-relay.ts";

// One room as this process serves it: its log, its people, and the frames passing between them. Entries are
// appended in the store (group-committed: what arrives while an append runs goes in the next) and sent to every
// page in seq order; passing frames (strokes being drawn, pointers) are gathered (for one turn of the event
// loop, and at least FLUSH_EVERY_MS since the last send) and sent as one message, encoded once, to each page,
// so a busy room costs a send per page every few milliseconds, not per frame.

/** The most operations a room's drawing holds (a room's making must stay one document the decoder reads). */
export const ROOM_MAX_OPERATIONS = DRAWING_LIMITS.operations - 1_000;
/** The most encoded bytes, with the same margin. */
const ROOM_MAX_BYTES = DRAWING_LIMITS.bytes - 128 * 1024;
/**
 * Passing frames go out at most this often. A send is a system call per page: flushed every turn of the event
 * loop, 30 drawers at 60 segments a second meant one or two frames per flush and up to 1,800 flushes a second,
 * 230,000 writes to 130 pages, the process's largest cost; gathered for a few milliseconds, a busy room sends
 * a page at most 250 messages a second. A quiet room's frame still goes at the next turn.
 */
const FLUSH_EVERY_MS = 4;

/** A room served by this process. */
export class LiveRoom {
  readonly id: string;
  readonly start: StartingPicture;
  /** SHA-256 of the host's secret. */
  readonly hostHash: string;
  readonly presence: RoomPresence;
  readonly log: RoomLog;
  /** The host's page's picture of the log (kept in the store), which spares a late joiner the replay of its start. */
  readonly picture: PictureKeeper;
  readonly #context: RoomContext;
  readonly #createdAt: number;
  readonly #appender: RoomAppender;
  #passing: Uint8Array[] = [];
  #flushing = false;
  #flushedAt = 0;
  #peopleChanged = false;
  ended = false;

  constructor(context: RoomContext, stored: StoredRoom, log: RoomLog) {
    this.#context = context;
    this.id = stored.id;
    this.start = stored.start;
    this.hostHash = stored.hostHash;
    this.#createdAt = Date.parse(stored.createdAt);
    this.log = log;
    this.picture = new PictureKeeper(log, context.store, stored.id, context.now);
    this.presence = new RoomPresence(context.settings.drawersPerRoom);
    this.#appender = new RoomAppender(context, this.id, (entries) =>
      this.log.deliver(entries, (frame, last) => this.#sendEntries(frame, last)),
    );
  }

  /** Adds a socket: it gets the people, then the log from `since` on, then everything after, in order. */
  join(member: RoomMember, since: number): void {
    this.presence.members.add(member);
    const now = this.#context.now();
    member.send({
      t: "welcome",
      you: {
        slot: member.slot,
        name: member.name,
        colour: member.colour,
        role: member.role,
        host: member.host,
      },
      room: { id: this.id, start: this.start },
      people: this.presence.people(now),
      // Who sends the room's picture, and how (room-guest-pictures.ts).
      ...this.#pictureSchedule(member),
    });
    const frames = this.log.framesSince(since);
    // A page that holds nothing, or gets the snapshot, starts from the picture (when it is newer than `since`).
    const fresh = since === 0 || frames[0]?.[0] === FRAME.snapshot;
    const picture = fresh && this.picture.through > since ? this.picture.frame() : undefined;
    if (picture !== undefined) member.sendEntries(picture, since);
    for (const frame of frames) member.sendEntries(frame, this.log.state.through);
    if (member.host) this.#tellGuestsPictures();
    this.peopleChanged();
  }

  /** Whether a host's page is in the room on this process (then only it sends the room's picture). */
  get hostHere(): boolean {
    return [...this.presence.members].some((member) => member.host);
  }

  #pictureSchedule(member: RoomMember): { picture?: PictureSchedule } {
    const { pictureEvery } = this.#context.settings;
    return pictureScheduleOf(member, this.presence.members, pictureEvery, this.picture.through);
  }

  /** Tells guests' pages (all, or `only`) whether they send the room's picture: the host's page came or left. */
  #tellGuestsPictures(only?: RoomMember): void {
    for (const member of only === undefined ? this.presence.members : [only]) {
      const { picture } = this.#pictureSchedule(member);
      if (!member.host) member.send({ t: "pictures", picture: picture ?? { every: 0, through: 0 } });
    }
  }

  /** Removes a socket; its seat may go to a watcher. */
  leave(member: RoomMember): void {
    if (!this.presence.members.delete(member)) return;
    if (member.host) this.#tellGuestsPictures();
    this.peopleChanged();
  }

  /** Someone's name or role changed: everyone hears it at the next turn (and the other processes). */
  peopleChanged(): void {
    this.#peopleChanged = true;
    this.#scheduleFlush();
  }

  /** Why an op of `member` cannot be added now, or undefined. */
  refusalOf(member: RoomMember, entry: SubmittedEntry): { code: string; message: string } | undefined {
    if (member.role === "watcher")
      return {
        code: "watching",
        message: "You are watching: the room has as many people drawing as it seats.",
      };
    if (this.log.state.locked && !member.host)
      return { code: "locked", message: "The host has locked the drawing; only the host draws now." };
    if (entry.kind !== "op") return undefined;
    if (entry.op.kind === "clear" && !member.host)
      return { code: "host_only", message: "Only the room's host can clear the drawing." };
    if (this.log.state.items.length >= ROOM_MAX_OPERATIONS || this.log.bytes >= ROOM_MAX_BYTES)
      return {
        code: "room_full",
        message: `The room's drawing holds as much as one drawing may (${ROOM_MAX_OPERATIONS} operations); the host can clear it, or save it and start a new room.`,
      };
    return undefined;
  }

  /** Queues a page's entries (checked by refusalOf) for the next append. */
  submit(member: RoomMember, entries: readonly SubmittedEntry[]): void {
    const time = Math.min(Math.max(0, this.#context.now() - this.#createdAt), DRAWING_LIMITS.documentMs);
    this.#appender.submit(member, entries, time);
  }

  /** Queues a host's lock, unlock or remove. */
  control(member: RoomMember, kind: "lock" | "unlock" | "remove", target?: number): void {
    this.#appender.control(member, kind, target);
  }

  /** Hands a passing frame (a live stroke, a pointer) to everyone at the next turn. */
  pass(frame: Uint8Array): void {
    this.#passing.push(frame);
    this.#scheduleFlush();
  }

  /** Frames another process's visitors sent (never passed on again). */
  passRemote(frames: readonly Uint8Array[]): void {
    const batch = frames.length === 1 ? (frames[0] as Uint8Array) : encodeBatch(frames);
    for (const member of this.presence.members) member.sendLive(batch);
  }

  /** Another process's people. */
  heardPeople(origin: string, people: readonly RoomPerson[]): void {
    this.presence.heard(origin, people, this.#context.now());
    this.#promoteWatchers();
    this.#sendPeople();
  }

  /** The log grew elsewhere: read and send what is new. */
  async catchUp(lastSeq: number): Promise<void> {
    await this.log.catchUp(lastSeq, (frame, last) => this.#sendEntries(frame, last));
  }

  /** Closes every socket of the room (it ended), or of one slot (kicked or banned). */
  closeMembers(code: number, reason: string, message: string, slot?: number): void {
    for (const member of [...this.presence.members]) {
      if (slot === undefined || member.slot === slot) member.close(code, reason, message);
    }
  }

  /** The room ended: everyone is told and let go. */
  endNow(): void {
    this.ended = true;
    this.closeMembers(ROOM_CLOSE.ended, "room ended", "The host (or a moderator) ended this room.");
  }

  /** Re-announces this process's people (the others forget a process that stops speaking). */
  heartbeat(): void {
    if (this.presence.members.size > 0) this.#context.feed.publishLive(this.id, [this.#presence()]);
  }

  #presence(): Uint8Array {
    return presenceFrame(this.id, this.#context.origin, this.presence.localPeople());
  }

  #sendEntries(frame: Uint8Array, last: number): void {
    for (const member of this.presence.members) member.sendEntries(frame, last);
  }

  #promoteWatchers(): void {
    for (const member of this.presence.promotable(this.#context.now())) {
      member.role = "drawer";
      member.send({ t: "role", role: "drawer", message: "A seat is free: you can draw now." });
      this.#tellGuestsPictures(member);
      this.#peopleChanged = true;
    }
  }

  #sendPeople(): void {
    const people = this.presence.people(this.#context.now());
    for (const member of this.presence.members) member.send({ t: "people", people });
  }

  #scheduleFlush(): void {
    if (this.#flushing) return;
    this.#flushing = true;
    const wait = this.#flushedAt + FLUSH_EVERY_MS - performance.now();
    if (wait <= 0) setImmediate(() => this.#flush());
    else setTimeout(() => this.#flush(), wait);
  }

  #flush(): void {
    this.#flushing = false;
    this.#flushedAt = performance.now();
    const frames = this.#passing;
    this.#passing = [];
    if (this.#peopleChanged) {
      this.#peopleChanged = false;
      this.#promoteWatchers();
      this.#peopleChanged = false;
      this.#sendPeople();
      frames.push(this.#presence());
    }
    const toPages = frames.filter((frame) => frame[0] !== PRESENCE_FRAME);
    if (toPages.length > 0) {
      const batch = toPages.length === 1 ? (toPages[0] as Uint8Array) : encodeBatch(toPages);
      for (const member of this.presence.members) member.sendLive(batch);
    }
    if (frames.length > 0) this.#context.feed.publishLive(this.id, frames);
  }
}
