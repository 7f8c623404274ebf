import { type Kysely, sql } from "kysely";
import pg from "pg";
import type { GalleryItem } from "../../common/api.ts";
import type { Database } from "../db/schema.ts";
import { createListeners, type DrawingEvent, type DrawingEvents, type EventsLog } from "./drawing-events.ts";

/** The NOTIFY channel every Fanvas process on one database listens on. */
const DRAWINGS_CHANNEL = "fanvas_drawings";
/** Names the listening connection in pg_stat_activity (operators, and the reconnect test, find it by this). */
export const EVENTS_APPLICATION_NAME = "fanvas-events";
/** Waits between reconnect attempts; the last one repeats until the database is back. */
const RECONNECT_DELAYS_MS = [100, 250, 500, 1000, 2000, 5000];

/**
 * The multi-process hub: publishing runs pg_notify through the store's pool, and every process (this
 * one included) receives each event once through its own LISTEN connection. Nothing is delivered
 * locally on publish, which is what keeps delivery exactly once. Resolves once LISTEN is active, so a
 * process that says it is listening on HTTP also hears the wall.
 */
export async function startPostgresDrawingEvents(
  connectionString: string,
  db: Kysely<Database>,
  log: EventsLog,
): Promise<DrawingEvents> {
  const listeners = createListeners(log);
  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  /** Opens a dedicated connection (a pooled one would be handed to queries) and LISTENs on it. */
  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString,
      application_name: EVENTS_APPLICATION_NAME,
      keepAlive: true,
    });
    next.on("notification", (message) => {
      if (message.channel === DRAWINGS_CHANNEL) deliver(message.payload);
    });
    // Unhandled, a dropped connection's "error" would crash the process.
    next.on("error", (error) => dropped(next, error));
    next.on("end", () => dropped(next, undefined));
    try {
      await next.connect();
      await next.query(`listen ${DRAWINGS_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners("end");
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    attempt = 0;
  }

  function deliver(payload: string | undefined): void {
    const event = parseEvent(payload);
    if (event === undefined) log.warn({ payload }, `ignored a malformed ${DRAWINGS_CHANNEL} notification`);
    else listeners.deliver(event);
  }

  function dropped(which: pg.Client, error: Error | undefined): void {
    if (which !== client || closed) return;
    client = undefined;
    which.end().catch(() => {});
    log.warn(
      { err: error },
      "lost the LISTEN connection for live drawings; reconnecting (events meanwhile are missed)",
    );
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
    attempt += 1;
    retry = setTimeout(() => {
      retry = undefined;
      if (closed) return;
      connect().catch((error: unknown) => {
        log.error({ err: error, attempt }, "could not re-LISTEN for live drawings; trying again");
        scheduleReconnect();
      });
    }, delay);
    retry.unref();
  }

  const publish = async (event: DrawingEvent) => {
    // NOTIFY payloads are limited to 8000 bytes; an event is a few hundred.
    await sql`select pg_notify(${DRAWINGS_CHANNEL}, ${JSON.stringify(event)})`.execute(db);
  };

  await connect();
  return {
    publishAdded: (item) => publish({ type: "added", item }),
    publishRemoved: (id) => publish({ type: "removed", id }),
    subscribe: (listener) => listeners.add(listener),
    close: async () => {
      closed = true;
      if (retry !== undefined) clearTimeout(retry);
      listeners.clear();
      const last = client;
      client = undefined;
      await last?.end();
    },
  };
}

/** Reads a notification back into an event; undefined when it is not one of ours. */
function parseEvent(payload: string | undefined): DrawingEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload ?? "");
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const event = value as { type?: unknown; id?: unknown; item?: unknown };
  if (event.type === "removed" && typeof event.id === "string") return { type: "removed", id: event.id };
  if (event.type === "added" && isGalleryItem(event.item)) return { type: "added", item: event.item };
  return undefined;
}

function isGalleryItem(value: unknown): value is GalleryItem {
  if (typeof value !== "object" || value === null) return false;
  const fields = value as Record<string, unknown>;
  return ["id", "url", "thumbnailUrl", "permalink", "createdAt"].every(
    (field) => typeof fields[field] === "string",
  );
}
