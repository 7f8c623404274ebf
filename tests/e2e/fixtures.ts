import { test as base, type ConsoleMessage, expect } from "@playwright/test";
import { type RunningServer, type StartServerOptions, startServer } from "./helpers/server.ts";

/** What the page wrote to its console, by the first argument of each call (the spec's messages are exact). */
export interface ConsoleRecorder {
  firstArguments(): Promise<string[]>;
}

interface TestFixtures {
  consoleLog: ConsoleRecorder;
  /** Starts another real server (for example with other branding); every one started is stopped after the test. */
  launchServer: (options: StartServerOptions) => Promise<RunningServer>;
  /** Fails the test if the page threw an uncaught error. */
  noPageErrors: undefined;
}

interface WorkerFixtures {
  /** One real server per worker, from the production build, with a fresh data directory. */
  server: RunningServer;
}

/** Playwright's test with a real Fanvas server behind `baseURL` and the page's console recorded. */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  launchServer: async ({}, use) => {
    const started: RunningServer[] = [];
    await use(async (options) => {
      const server = await startServer(options);
      started.push(server);
      return server;
    });
    await Promise.all(started.map((server) => server.stop()));
  },
  consoleLog: async ({ page }, use) => {
    const pending: Promise<string>[] = [];
    page.on("console", (message) => pending.push(firstArgument(message)));
    await use({ firstArguments: () => Promise.all(pending) });
  },
  noPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.stack ?? error.message));
      await use(undefined);
      expect(errors, "uncaught errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The console call's first argument as a string (falls back to the whole text when it is not a string). */
async function firstArgument(message: ConsoleMessage): Promise<string> {
  const first = message.args()[0];
  if (!first) return message.text();
  try {
    const value: unknown = await first.jsonValue();
    return typeof value === "string" ? value : message.text();
  } catch {
    // The handle is gone once the page navigated or closed; the text still starts with the first argument.
    return message.text();
  }
}
