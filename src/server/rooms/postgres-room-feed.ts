import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import type { Store } from "../db/open.ts";
import { listenOn } from "../db/postgres-listener.ts";
import type { FeedListener, RoomFeed } from "./room-feed.ts";
import { insertLiveFrames, pruneLiveFrames, readLiveFrames } from "./room-log-queries.ts";
import { packRooms, unpackRooms } from "./room-relay.ts";

// Several processes serving one room on one PostgreSQL database. NOTIFY carries signals (its payloads are capped
// at 8,000 bytes), never the log's entries: "the log of room R reached seq S" (sent by the append's own
// transaction, so it arrives once the entries can be read), "frames are waiting under id I" (a row of room_live,
// written and signalled in one statement), or a small batch of passing frames itself (strokes being drawn and
// pointers, which never enter the log), "room R ended", "slot N of room R was barred". Each process gathers its
// passing frames of every room while one write is on its way, so it writes at most one at a time, whatever the
// rooms' pace (docs/decisions/0028-live-rooms.md, 0033).

const CHANNEL = "fanvas_rooms";
/** Names the listening connection in pg_stat_activity. */
export const ROOMS_APPLICATION_NAME = "fanvas-rooms";
/** Passing frames are deleted this long after they were written (every process read them within milliseconds). */
const LIVE_KEEP_MS = 30_000;
/**
 * Passing frames (never the log's entries) this small ride in the NOTIFY itself, base64 (under PostgreSQL's
 * 8,000 bytes with room to spare): a row and its read cost the other processes two more waits for the
 * database, the largest part of their latency on a busy machine. Larger batches go through a row.
 */
const INLINE_LIVE_BYTES = 5_400;

/** Starts listening; resolves once LISTEN is active. */
export async function startPostgresRoomFeed(
  store: Store,
  log: FastifyBaseLogger,
  origin: string,
): Promise<RoomFeed> {
  const { config } = store;
  if (config.dialect !== "postgres") throw new Error("the rooms' feed needs a PostgreSQL store");
  let listener: FeedListener | undefined;
  let reading: Promise<void> = Promise.resolve();
  const notify = (payload: string, db = store.db) =>
    sql`select pg_notify(${CHANNEL}, ${payload})`.execute(db);

  const receive = (payload: string | undefined) => {
    if (payload === undefined) return;
    const [kind = "", first = "", second = "", third = ""] = payload.split(":");
    if (kind === "e") listener?.entries(first, Number(second));
    else if (kind === "x") listener?.ended(first);
    else if (kind === "b") listener?.barred(first, Number(second), third === "1");
    else if (kind === "l" || kind === "f")
      // In order: frames that came in a row are read before the ones that came inline after them.
      reading = reading
        .then(() => (kind === "l" ? readLiveFrames(store.db, first) : Buffer.from(first, "base64")))
        .then(passLive)
        .catch((error: unknown) => {
          log.warn({ err: error }, "could not read a room's passing frames");
        });
  };
  const passLive = (bytes: Uint8Array | undefined) => {
    const unpacked = bytes === undefined ? undefined : unpackRooms(bytes);
    if (unpacked === undefined || unpacked.origin === origin) return;
    for (const [roomId, frames] of unpacked.rooms) listener?.live(roomId, frames);
  };

  const connection = await listenOn({
    connectionString: config.connectionString,
    applicationName: ROOMS_APPLICATION_NAME,
    channel: CHANNEL,
    onPayload: receive,
    log,
    whileLost: "pages resync on their own",
  });

  // Passing frames gathered while a write is on its way go together in the next.
  let gathered = new Map<string, Uint8Array[]>();
  let writing = false;
  const write = async () => {
    if (writing || gathered.size === 0) return;
    writing = true;
    const rooms = gathered;
    gathered = new Map();
    const id = randomUUID();
    const packed = packRooms(rooms, origin);
    try {
      if (packed.length <= INLINE_LIVE_BYTES) await notify(`f:${Buffer.from(packed).toString("base64")}`);
      else await insertLiveFrames(store.db, id, packed, new Date(), { channel: CHANNEL, payload: `l:${id}` });
    } catch (error) {
      log.warn({ err: error }, "could not pass a room's frames to the other processes");
    } finally {
      writing = false;
      void write();
    }
  };
  const prune = setInterval(() => {
    void pruneLiveFrames(store.db, new Date(Date.now() - LIVE_KEEP_MS)).catch(() => {});
  }, LIVE_KEEP_MS / 3);
  prune.unref();

  return {
    notifyEntries: async (trx, roomId, lastSeq) => {
      await notify(`e:${roomId}:${lastSeq}`, trx);
    },
    publishLive: (roomId, frames) => {
      const list = gathered.get(roomId) ?? [];
      list.push(...frames);
      gathered.set(roomId, list);
      void write();
    },
    announceEnded: async (roomId) => {
      await notify(`x:${roomId}`);
    },
    announceBarred: async (roomId, slot, banned) => {
      await notify(`b:${roomId}:${slot}:${banned ? 1 : 0}`);
    },
    listen: (next) => {
      listener = next;
    },
    close: async () => {
      clearInterval(prune);
      await connection.close();
    },
  };
}
