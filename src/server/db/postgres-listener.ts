import pg from "pg";

/** Waits between reconnect attempts; the last one repeats until the database is back. */
const RECONNECT_DELAYS_MS = [100, 250, 500, 1000, 2000, 5000];

/** Where a listener reports a lost connection and a failed reconnect; Fastify's (pino) logger fits. */
export interface ListenerLog {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** What to listen to, and what to say when the connection is lost. */
export interface ListenerOptions {
  readonly connectionString: string;
  /** Names the connection in pg_stat_activity (operators, and the reconnect tests, find it by this). */
  readonly applicationName: string;
  readonly channel: string;
  readonly onPayload: (payload: string | undefined) => void;
  readonly log: ListenerLog;
  /** What is missed until it is back, for the warning when the connection drops. */
  readonly whileLost: string;
}

/** A running listener; close() ends its connection and any reconnect on its way. */
export interface PostgresListener {
  close(): Promise<void>;
}

/**
 * LISTENs on `channel` over a dedicated connection (a pooled one would be handed to queries), reconnecting with
 * backoff whenever it drops. Resolves once LISTEN is active; rejects when the first connection cannot be made.
 */
export async function listenOn(options: ListenerOptions): Promise<PostgresListener> {
  const { connectionString, applicationName, channel, onPayload, log, whileLost } = options;
  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString, application_name: applicationName, keepAlive: true });
    next.on("notification", (message) => {
      if (message.channel === channel) onPayload(message.payload);
    });
    // Unhandled, a dropped connection's "error" would crash the process.
    next.on("error", (error) => dropped(next, error));
    next.on("end", () => dropped(next, undefined));
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
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

  function dropped(which: pg.Client, error: Error | undefined): void {
    if (which !== client || closed) return;
    client = undefined;
    which.end().catch(() => {});
    log.warn({ err: error }, `lost the LISTEN connection on ${channel}; reconnecting (${whileLost})`);
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
    attempt += 1;
    retry = setTimeout(() => {
      retry = undefined;
      if (closed) return;
      connect().catch((error: unknown) => {
        log.error({ err: error, attempt }, `could not LISTEN on ${channel} again; trying again`);
        scheduleReconnect();
      });
    }, delay);
    retry.unref();
  }

  await connect();
  return {
    close: async () => {
      closed = true;
      if (retry !== undefined) clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end();
    },
  };
}
