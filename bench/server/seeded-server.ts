import type { Agent } from "node:http";
import { sql } from "kysely";
import { openStore, type Store } from "../../src/server/db/open.ts";
import { type ServerProcess, spawnServer } from "../../tests/api/helpers/server-process.ts";
import type { BenchDatabase } from "./databases.ts";
import { type Answer, send } from "./http-load.ts";
import { BENCH_SERVER_ENV } from "./saves-bench.ts";

// What the wall latency benches (the server area's wall pages, the wall area's lists) share: a database seeded through its own
// store, then a real server process on it, asked GETs that must succeed.

/** A seeded database behind a fresh server process. */
export interface SeededServer<T> {
  readonly server: ServerProcess;
  /** What the seeding step resolved with (a cursor, say). */
  readonly seeded: T;
  readonly seedSeconds: number;
}

/**
 * Runs `seed` on `database` through a store of its own, ANALYZEs PostgreSQL, closes the store and starts a server
 * on the database. PostgreSQL's autovacuum would gather statistics on tables that grew this much within a minute;
 * doing it now keeps the plans from depending on when autovacuum ran. SQLite never analyses unless told, and neither
 * does Fanvas, so it is left as production has it.
 */
export async function seedAndServe<T>(
  database: BenchDatabase,
  seed: (store: Store) => Promise<T>,
): Promise<SeededServer<T>> {
  const started = performance.now();
  const store = await openStore(database.config);
  let seeded: T;
  try {
    seeded = await seed(store);
    if (store.dialect === "postgres") await sql`analyze`.execute(store.db);
  } finally {
    await store.close();
  }
  const seedSeconds = (performance.now() - started) / 1000;
  const server = await spawnServer({ ...database.env, ...BENCH_SERVER_ENV });
  return { server, seeded, seedSeconds };
}

/** GETs `url` on `agent`; anything but a 200 stops the bench, which must never time an error page. */
export async function getOk(agent: Agent, url: string): Promise<Answer> {
  const answer = await send(agent, url);
  if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}: ${answer.body}`);
  return answer;
}
