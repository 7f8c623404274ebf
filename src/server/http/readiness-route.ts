import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Store } from "../db/open.ts";
import { errorResponses, HttpError } from "./errors.ts";

/** Options of the readiness route. */
export interface ReadinessRoutesOptions {
  readonly store: Store;
  /** How long `select 1` may take before the process counts as not ready. */
  readonly timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 2000;

/**
 * GET /readyz: 200 while the database answers `select 1` within the timeout, 503 otherwise, so a load
 * balancer stops sending saves to a process whose database is gone (and sends them again once it is back).
 */
export async function readinessRoutes(app: FastifyInstance, options: ReadinessRoutesOptions): Promise<void> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  app.get(
    "/readyz",
    {
      schema: {
        response: {
          200: { type: "object", required: ["status"], properties: { status: { type: "string" } } },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const problem = await databaseProblem(options.store, timeoutMs);
      if (problem === undefined) return reply.send({ status: "ready" });
      request.log.warn({ problem }, "not ready: the database does not answer");
      throw new HttpError(
        503,
        "not_ready",
        `Not ready: the database ${problem}; saves would fail until it is back.`,
      );
    },
  );
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
