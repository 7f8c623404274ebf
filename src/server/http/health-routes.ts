import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Store } from "../db/open.ts";
import { errorResponses, HttpError } from "./errors.ts";

/** Options of the health routes. */
export interface HealthRoutesOptions {
  readonly store: Store;
  /** How long `select 1` may take before the process counts as not ready. */
  readonly readyTimeoutMs?: number;
}

const DEFAULT_READY_TIMEOUT_MS = 2000;
const statusSchema = {
  response: {
    200: { type: "object", required: ["status"], properties: { status: { type: "string" } } },
    ...errorResponses,
  },
} as const;

/**
 * GET /healthz: 200 {"status":"ok"} while the database answers (a failure is a 500, as any).
 * GET /readyz: 200 while the database answers `select 1` within the timeout, 503 otherwise, so a load
 * balancer stops sending saves to a process whose database is gone (and sends them again once it is back).
 */
export async function healthRoutes(app: FastifyInstance, options: HealthRoutesOptions): Promise<void> {
  const timeoutMs = options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS;
  app.get("/healthz", { schema: statusSchema }, async (_request, reply) => {
    // A health check that never touches the store would report ok with the database gone.
    await sql`select 1`.execute(options.store.db);
    return reply.header("Cache-Control", "no-store").send({ status: "ok" });
  });

  app.get("/readyz", { schema: statusSchema }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const problem = await databaseProblem(options.store, timeoutMs);
    if (problem === undefined) return reply.send({ status: "ready" });
    request.log.warn({ problem }, "not ready: the database does not answer");
    throw new HttpError(
      503,
      "not_ready",
      `Not ready: the database ${problem}; saves would fail until it is back.`,
    );
  });
}

/** undefined when the database answered in time; otherwise what went wrong, for the log and the body. */
async function databaseProblem(store: Store, timeoutMs: number): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`did not answer within ${timeoutMs} ms`), timeoutMs);
  });
  const query = sql`select 1`.execute(store.db).then(
    () => undefined,
    () => "refused a simple query",
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
