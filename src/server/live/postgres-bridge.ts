import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { DrawingEvent } from "../db/event-bus.ts";
import { groupCommit } from "../db/group-commit.ts";
import type { Store } from "../db/open.ts";
import { type ListenerLog, listenOn } from "../db/postgres-listener.ts";
import { formatBridgeMessage, parseBridgeMessage } from "./bridge-message.ts";

/** The NOTIFY channel every Fanvas process on one database listens on. */
const DRAWINGS_CHANNEL = "fanvas_drawings";
/** Names the listening connection in pg_stat_activity (operators, and the reconnect test, find it by this). */
export const EVENTS_APPLICATION_NAME = "fanvas-events";
/** Where the bridge reports a lost connection or a failed NOTIFY; Fastify's (pino) logger fits. */
export type BridgeLog = ListenerLog;

/** A running bridge; close() stops forwarding and releases its LISTEN connection. */
export interface PostgresBridge {
  close(): Promise<void>;
}

/**
 * What other processes must hear of: their visitors see the wall, their caches hold the images. A prompt's start
 * or end is not sent: every process's own clock tells its visitors.
 */
function crossesProcesses(event: DrawingEvent): boolean {
  if (event.remote === true || (event.type === "prompts" && event.scheduled === true)) return false;
  return event.type !== "added" || event.visible;
}

/**
 * Carries the store's events between every Fanvas process on one PostgreSQL database: an event published in
 * this process (delivered here at once by the bus) is sent with pg_notify, and one another process sent is
 * published on this process's bus, marked remote. Each process hears its own notifications too and drops them
 * by their origin, so every listener gets each event exactly once. Resolves once LISTEN is active, so a process
 * that says it is listening on HTTP also hears the wall.
 */
export async function startPostgresBridge(store: Store, log: BridgeLog): Promise<PostgresBridge> {
  const { config } = store;
  if (config.dialect !== "postgres") throw new Error("the PostgreSQL bridge needs a PostgreSQL store");
  const origin = randomUUID();
  const listener = await listenOn({
    connectionString: config.connectionString,
    applicationName: EVENTS_APPLICATION_NAME,
    channel: DRAWINGS_CHANNEL,
    onPayload: receive,
    log,
    whileLost: "events meanwhile are missed",
  });

  function receive(payload: string | undefined): void {
    const message = parseBridgeMessage(payload);
    if (message === undefined) log.warn({ payload }, `ignored a malformed ${DRAWINGS_CHANNEL} notification`);
    else if (message.origin !== origin) void store.events.publish({ ...message.event, remote: true });
  }

  // PostgreSQL commits NOTIFYing transactions one at a time (a database-wide lock held through the flush),
  // so the events published while one NOTIFY commits go together in the next: one statement, one commit.
  const notifyTogether = groupCommit(async (payloads: readonly string[]) => {
    // NOTIFY payloads are limited to 8000 bytes; an event is a few hundred.
    await sql`select pg_notify(${DRAWINGS_CHANNEL}, payload) from unnest(${payloads}::text[]) as payload`.execute(
      store.db,
    );
    return payloads.map((payload) => ({ status: "fulfilled" as const, value: payload }));
  });
  const forward = async (event: DrawingEvent) => {
    try {
      await notifyTogether(formatBridgeMessage(origin, event));
    } catch (error) {
      log.error({ err: error, event: event.type }, "could not tell other processes of a drawing event");
    }
  };
  /** NOTIFYs no publisher waits for; closing the bridge lets them finish first. */
  const unawaited = new Set<Promise<void>>();
  const stopForwarding = store.events.subscribe((event) => {
    if (!crossesProcesses(event)) return;
    const sent = forward(event);
    // A save is durable, and answered, at its own commit; telling the other processes' walls is a second
    // commit the saver need not wait for (about 7 ms of every save at 16 concurrent in the server bench).
    // Other events keep their publisher waiting, so a moderator's answer means every process has heard it.
    if (event.type !== "added") return sent;
    unawaited.add(sent);
    void sent.finally(() => unawaited.delete(sent));
  });
  return {
    close: async () => {
      stopForwarding();
      await Promise.all(unawaited);
      await listener.close();
    },
  };
}
