import type { RoomHub } from "./room-hub.ts";
import { deleteIdleRooms } from "./room-queries.ts";

// Rooms nobody drew in for ROOM_IDLE_DAYS are deleted, checked at start and then every hour (by every process:
// the delete is one statement, and a room deleted twice is deleted once).

const CHECK_EVERY_MS = 60 * 60 * 1000;

/** Starts deleting idle rooms; stop() ends it. */
export function startRoomExpiry(hub: RoomHub): { stop(): void; runNow(): Promise<string[]> } {
  const { store, settings, log, now } = hub.context;
  const runNow = async () => {
    const ids = await deleteIdleRooms(store.db, new Date(now() - settings.idleMs));
    for (const id of ids) {
      await hub.end(id);
    }
    if (ids.length > 0) log.info({ rooms: ids.length }, "deleted rooms idle past ROOM_IDLE_DAYS");
    return ids;
  };
  const run = () =>
    void runNow().catch((error: unknown) => log.error({ err: error }, "could not delete idle rooms"));
  const first = setTimeout(run, 1_000);
  const timer = setInterval(run, CHECK_EVERY_MS);
  first.unref();
  timer.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
    runNow,
  };
}
