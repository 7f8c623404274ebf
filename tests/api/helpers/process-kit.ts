import { afterEach } from "vitest";
import { createTestDatabase } from "./dialects.ts";
import { killLeftoverServers, type ServerProcess, spawnServer } from "./server-process.ts";
import { openEventStream, type SseClient } from "./sse.ts";

/** What a test of several server processes needs: undo steps run after each test, and stream listeners. */
export interface ProcessKit {
  /** Runs `cleanup` after this test, last registered first. */
  readonly defer: (cleanup: () => Promise<void> | void) => void;
  /** An event stream from the server at `baseUrl`, open (its retry line read) and closed after the test. */
  readonly listen: (baseUrl: string) => Promise<SseClient>;
  /**
   * Two server processes on one fresh PostgreSQL database (with `env` beside its own), stopped and the database
   * dropped after the test.
   */
  readonly twoProcesses: (env?: Record<string, string>) => Promise<{ a: ServerProcess; b: ServerProcess }>;
}

/** Registers the afterEach that undoes every deferred step and kills any server a failed test left. */
export function processKit(): ProcessKit {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    killLeftoverServers();
  });
  const defer = (cleanup: () => Promise<void> | void) => void cleanups.push(cleanup);
  return {
    defer,
    listen: async (baseUrl) => {
      const stream = await openEventStream(`${baseUrl}/api/events`);
      defer(() => stream.close());
      await stream.waitFor((message) => message.retry !== undefined, "the opening retry line");
      return stream;
    },
    twoProcesses: async (env = {}) => {
      const database = await createTestDatabase("postgres");
      defer(() => database.drop());
      const a = await spawnServer({ ...database.env, ...env });
      defer(async () => void (await a.stop()));
      const b = await spawnServer({ ...database.env, ...env });
      defer(async () => void (await b.stop()));
      return { a, b };
    },
  };
}
