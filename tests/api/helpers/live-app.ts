import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { SavedDrawing } from "../../../src/common/api.ts";
import type { Store } from "../../../src/server/db/open.ts";
import { startTestApp, type TestAppOptions } from "./app.ts";
import type { Dialect } from "./dialects.ts";
import { drawingPng } from "./png.ts";

/** What a test undoes when it ends, last first (the caller's afterEach runs them). */
export type Cleanups = (() => Promise<void> | void)[];

/** The production app listening on a loopback port, with its store and how to reach it. */
export interface LiveApp {
  readonly app: FastifyInstance;
  readonly store: Store;
  readonly baseUrl: string;
  /** The database's address on PostgreSQL (for a client of the test's own); undefined on SQLite. */
  readonly connectionString: string | undefined;
}

/** The production app on a fresh database, listening on a free loopback port; `cleanups` closes it. */
export async function startLiveApp(
  dialect: Dialect,
  cleanups: Cleanups,
  options: TestAppOptions = {},
): Promise<LiveApp> {
  const started = await startTestApp(dialect, options);
  cleanups.push(() => started.close());
  const { app, store, database } = started;
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    store,
    baseUrl: `http://127.0.0.1:${port}`,
    connectionString: database.config.dialect === "postgres" ? database.config.connectionString : undefined,
  };
}

/**
 * Saves a 600 x 600 drawing (its pixels from `seed`) over HTTP to the server at `baseUrl`, with `query` (a
 * name, a prompt) when given; expects a 201.
 */
export async function saveOverHttp(baseUrl: string, seed: number, query?: string): Promise<SavedDrawing> {
  const answer = await fetch(`${baseUrl}/api/drawings${query === undefined ? "" : `?${query}`}`, {
    method: "POST",
    headers: { "content-type": "image/png" },
    body: new Uint8Array(await drawingPng(600, 600, seed)),
  });
  expect(answer.status).toBe(201);
  return (await answer.json()) as SavedDrawing;
}
