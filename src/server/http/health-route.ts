import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Store } from "../db/open.ts";
import { errorResponses } from "./errors.ts";

/** Options of the health route. */
export interface HealthRoutesOptions {
  readonly store: Store;
}

/** GET /healthz: 200 {"status":"ok"} while the database answers. */
export async function healthRoutes(app: FastifyInstance, options: HealthRoutesOptions): Promise<void> {
  app.get(
    "/healthz",
    {
      schema: {
        response: {
          200: { type: "object", required: ["status"], properties: { status: { type: "string" } } },
          ...errorResponses,
        },
      },
    },
    async (_request, reply) => {
      // A health check that never touches the store would report ok with the database gone.
      await sql`select 1`.execute(options.store.db);
      return reply.header("Cache-Control", "no-store").send({ status: "ok" });
    },
  );
}
