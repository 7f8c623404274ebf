import type { RoomHub } from "./room-hub.ts";

// Rooms nobody drew in for ROOM_IDLE_DAYS are deleted, checked a second after start and then every hour (by
// every process: the delete is one statement, and a room deleted twice is deleted once).

const CHECK_EVERY_MS = 60 * 60 * 1000;

/** Starts deleting idle rooms; stop() ends it. */
export function startRoomExpiry(hub: RoomHub): { stop(): void } {
  const run = () =>
    void hub
      .expireIdle()
      .catch((error: unknown) => hub.context.log.error({ err: error }, "could not delete idle rooms"));
  const first = setTimeout(run, 1_000);
  const timer = setInterval(run, CHECK_EVERY_MS);
  first.unref();
  timer.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
