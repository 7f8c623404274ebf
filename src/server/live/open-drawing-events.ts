import type { Store } from "../db/open.ts";
import { createLocalDrawingEvents, type DrawingEvents, type EventsLog } from "./drawing-events.ts";
import { startPostgresDrawingEvents } from "./postgres-bridge.ts";

/**
 * The hub that fits the store: LISTEN/NOTIFY on PostgreSQL (several processes may share the database),
 * in memory on SQLite (one process owns the file).
 */
export function openDrawingEvents(store: Store, log: EventsLog): Promise<DrawingEvents> {
  const { config } = store;
  if (config.dialect === "postgres")
    return startPostgresDrawingEvents(config.connectionString, store.db, log);
  return Promise.resolve(createLocalDrawingEvents(log));
}
