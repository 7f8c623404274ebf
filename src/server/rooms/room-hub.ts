import type { FastifyBaseLogger } from "fastify";
import { ROOM_CLOSE } from "../../common/rooms/room-close.ts";
import type { RoomSettings } from "../config-rooms.ts";
import type { Store } from "../db/open.ts";
import { type SaltedHasher, saltedHasher } from "../moderation/visitor-hash.ts";
import { LiveRoom } from "./live-room.ts";
import type { RoomContext } from "./room-context.ts";
import type { RoomFeed } from "./room-feed.ts";
import { RoomLog } from "./room-log.ts";
import { deleteIdleRooms, endRoom, findRoom, renamePerson } from "./room-queries.ts";
import { PRESENCE_FRAME, readPresence } from "./room-relay.ts";

// The rooms this process serves: opened from the store when their first page joins (once, however many join at
// that moment), let go a while after their last page left, and told what the other processes heard.

/** A room nobody is in stays loaded this long, so a reload or a reconnect finds it warm. */
const UNLOAD_AFTER_MS = 30_000;
/** How often this process tells the others who is in its rooms. */
const HEARTBEAT_MS = 5_000;

/** What the hub needs from the app. */
/** Where a socket comes from: visitorKey and networkKey of its handshake. */
export interface SocketSource {
  readonly visitor: string;
  readonly network: string;
}

/** What a RoomHub is made with. */
export interface RoomHubOptions {
  readonly store: Store;
  readonly settings: RoomSettings;
  readonly feed: RoomFeed;
  readonly log: FastifyBaseLogger;
  readonly now?: () => number;
  /** This process's name among the others (the feed's too). */
  readonly origin: string;
}

/** The rooms of one process. */
export class RoomHub {
  readonly context: RoomContext;
  /** Browsers' visitor ids are kept as salted hashes (the store's salt, as reactions do). */
  readonly hasher: SaltedHasher;
  readonly #opening = new Map<string, Promise<LiveRoom | undefined>>();
  readonly #rooms = new Map<string, LiveRoom>();
  readonly #unload = new Map<string, NodeJS.Timeout>();
  readonly #heartbeat: NodeJS.Timeout;
  /** Open sockets, per visitor key and in all. */
  readonly #sockets = new Map<string, number>();
  #socketCount = 0;

  constructor(options: RoomHubOptions) {
    this.context = {
      store: options.store,
      settings: options.settings,
      feed: options.feed,
      log: options.log,
      origin: options.origin,
      now: options.now ?? Date.now,
    };
    this.hasher = saltedHasher(options.store.db);
    options.feed.listen({
      entries: (roomId, lastSeq) => {
        const room = this.#rooms.get(roomId);
        room?.catchUp(lastSeq).catch((error: unknown) => this.#failed(roomId, error));
      },
      live: (roomId, frames) => this.#heardLive(roomId, frames),
      ended: (roomId) => this.#ended(roomId),
      barred: (roomId, slot, banned) => this.#rooms.get(roomId)?.closeMembers(...barredClose(banned), slot),
    });
    this.#heartbeat = setInterval(() => {
      for (const room of this.#rooms.values()) room.heartbeat();
    }, HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  /** The open room with this id, loaded if need be; undefined when there is none or it ended. */
  open(id: string): Promise<LiveRoom | undefined> {
    const loaded = this.#rooms.get(id);
    if (loaded !== undefined) {
      this.#keep(id);
      return Promise.resolve(loaded);
    }
    let opening = this.#opening.get(id);
    if (opening === undefined) {
      opening = this.#load(id).finally(() => this.#opening.delete(id));
      this.#opening.set(id, opening);
    }
    return opening;
  }

  /** A page left the room: with nobody left, the room is let go after a while. */
  left(room: LiveRoom): void {
    if (room.presence.members.size > 0 || this.#unload.has(room.id)) return;
    const timer = setTimeout(() => void this.#let(room), UNLOAD_AFTER_MS);
    timer.unref();
    this.#unload.set(room.id, timer);
  }

  /** Ends a room (its host, or a moderator): every process closes its sockets. True when it was open. */
  async end(id: string): Promise<boolean> {
    const ended = await endRoom(this.context.store.db, id, new Date(this.context.now()));
    await this.context.feed.announceEnded(id);
    this.#ended(id);
    return ended;
  }

  /** Deletes the rooms idle past ROOM_IDLE_DAYS (their pages are told the room ended); their ids. */
  async expireIdle(): Promise<string[]> {
    const { store, settings, log, now } = this.context;
    const ids = await deleteIdleRooms(store.db, new Date(now() - settings.idleMs));
    for (const id of ids) {
      await this.context.feed.announceEnded(id);
      this.#ended(id);
    }
    if (ids.length > 0) log.info({ rooms: ids.length }, "deleted rooms idle past ROOM_IDLE_DAYS");
    return ids;
  }

  /** Keeps a person's new name (best effort: the room shows it at once either way). */
  async rename(roomId: string, slot: number, name: string): Promise<void> {
    await renamePerson(this.context.store.db, roomId, slot, name).catch((error: unknown) =>
      this.#failed(roomId, error),
    );
  }

  /** The room the process holds loaded, if any (tests and the admin list). */
  loaded(id: string): LiveRoom | undefined {
    return this.#rooms.get(id);
  }

  /**
   * Counts a socket in, by its visitor (an address, an IPv6 /64) and network (a /24, an IPv6 /56); a reason
   * when the visitor, the network or this process holds all it may.
   */
  admit(from: SocketSource): string | undefined {
    const { socketsPerVisitor, socketsPerNetwork, socketsPerProcess } = this.context.settings;
    if (this.#socketCount >= socketsPerProcess)
      return "This server holds as many room connections as it may; try again in a minute.";
    const held = this.#sockets.get(`v ${from.visitor}`) ?? 0;
    if (held >= socketsPerVisitor)
      return `Your address holds ${held} room connections already, the most one visitor may; close a room's tab.`;
    if ((this.#sockets.get(`n ${from.network}`) ?? 0) >= socketsPerNetwork)
      return "Your network holds as many room connections as one network may; try again later.";
    for (const key of [`v ${from.visitor}`, `n ${from.network}`])
      this.#sockets.set(key, (this.#sockets.get(key) ?? 0) + 1);
    this.#socketCount += 1;
    return undefined;
  }

  /** Counts a socket admitted by admit out. */
  release(from: SocketSource): void {
    for (const key of [`v ${from.visitor}`, `n ${from.network}`]) {
      const held = (this.#sockets.get(key) ?? 1) - 1;
      if (held <= 0) this.#sockets.delete(key);
      else this.#sockets.set(key, held);
    }
    this.#socketCount -= 1;
  }

  /** Stops: every page is told the server is going away (it reconnects), every room's fold is stored. */
  async close(): Promise<void> {
    clearInterval(this.#heartbeat);
    for (const timer of this.#unload.values()) clearTimeout(timer);
    const rooms = [...this.#rooms.values()];
    for (const room of rooms)
      room.closeMembers(1001, "server restarting", "The server is restarting; reconnecting.");
    await Promise.all(rooms.map((room) => room.log.persist().catch(() => {})));
    this.#rooms.clear();
  }

  async #load(id: string): Promise<LiveRoom | undefined> {
    const stored = await findRoom(this.context.store.db, id, true);
    if (stored === undefined || stored.endedAt !== undefined) return undefined;
    const log = await RoomLog.open(stored, this.context.store);
    const room = new LiveRoom(this.context, stored, log);
    this.#rooms.set(id, room);
    return room;
  }

  #keep(id: string): void {
    const timer = this.#unload.get(id);
    if (timer !== undefined) clearTimeout(timer);
    this.#unload.delete(id);
  }

  async #let(room: LiveRoom): Promise<void> {
    this.#unload.delete(room.id);
    if (room.presence.members.size > 0) return;
    this.#rooms.delete(room.id);
    await room.log.persist().catch((error: unknown) => this.#failed(room.id, error));
  }

  #heardLive(roomId: string, frames: readonly Uint8Array[]): void {
    const room = this.#rooms.get(roomId);
    if (room === undefined) return;
    const toPages: Uint8Array[] = [];
    for (const frame of frames) {
      if (frame[0] !== PRESENCE_FRAME) toPages.push(frame);
      else {
        const presence = readPresence(frame);
        if (presence !== undefined) room.heardPeople(presence.origin, presence.people);
      }
    }
    if (toPages.length > 0) room.passRemote(toPages);
  }

  #ended(id: string): void {
    const room = this.#rooms.get(id);
    this.#rooms.delete(id);
    this.#keep(id);
    room?.endNow();
  }

  #failed(roomId: string, error: unknown): void {
    this.context.log.error({ err: error, room: roomId }, "a room could not read its log");
  }
}

/** The close code, reason and message for a kicked or banned person. */
export function barredClose(banned: boolean): [number, string, string] {
  return banned
    ? [ROOM_CLOSE.banned, "banned", "The host banned you from this room."]
    : [ROOM_CLOSE.kicked, "kicked", "The host removed you from this room; you can come back in ten minutes."];
}
