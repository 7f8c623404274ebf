import { test as base, type ConsoleMessage, expect } from "@playwright/test";
import type { SavedDrawing } from "../../src/common/api.ts";
import { recordPageTimeline } from "./helpers/page-timeline.ts";
import {
  killRunningServers,
  type RunningServer,
  type StartServerOptions,
  startServer,
} from "./helpers/server.ts";
import { seedDrawings } from "./helpers/wall.ts";

/**
 * How long a worker may take to close once the runner told it to stop. Playwright 1.65 sometimes never finishes a
 * worker's close (microsoft/playwright#39753); the worker's heartbeats then keep the runner waiting until the
 * global timeout, with every test already passed. A worker's fixtures close in seconds (each server within
 * STOP_GRACE_MS, the browser at once), so one still alive after this is stuck.
 */
const WORKER_CLOSE_LIMIT_MS = 90_000;

// The runner's stop is a message on the worker's IPC channel; the main runner process has none and never hears it.
process.on("message", (message: unknown) => {
  if ((message as { method?: unknown } | null)?.method !== "__stop__") return;
  setTimeout(() => {
    process.stderr.write(
      `Playwright worker ${process.pid} had not closed ${WORKER_CLOSE_LIMIT_MS} ms after it was told to stop: its servers are killed and it exits.\n`,
    );
    killRunningServers();
    process.exit(0);
  }, WORKER_CLOSE_LIMIT_MS).unref();
});

/** What the page wrote to its console, by the first argument of each call (the spec's messages are exact). */
export interface ConsoleRecorder {
  firstArguments(): Promise<string[]>;
}

interface TestFixtures {
  consoleLog: ConsoleRecorder;
  /** Starts another real server (for example with other branding); every one started is stopped after the test. */
  launchServer: (options: StartServerOptions) => Promise<RunningServer>;
  /** launchServer with default settings, and `count` drawings stored on its wall through the API, oldest first. */
  launchWall: (
    count: number,
  ) => Promise<{ server: RunningServer; drawings: SavedDrawing[]; first: SavedDrawing }>;
  /** Fails the test if the page threw an uncaught error. */
  noPageErrors: undefined;
  /**
   * When a test fails, its summary also says what the page did (console, API answers, failed requests) and
   * whatever the test added, so a CI log says why.
   */
  failureReport: FailureReport;
}

/** More for a failing test's summary. */
export interface FailureReport {
  /** Adds a section, read only if the test fails (e.g. a server's output). */
  add(title: string, text: () => string): void;
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
  launchWall: async ({ launchServer, request }, use) => {
    await use(async (count) => {
      const server = await launchServer({});
      const drawings = await seedDrawings(request, server.url, count);
      const [first] = drawings;
      if (first === undefined) throw new Error("a wall is launched with at least one drawing");
      return { server, drawings, first };
    });
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
  failureReport: [
    async ({ page }, use, testInfo) => {
      const timeline = recordPageTimeline(page);
      const sections: { title: string; text: () => string }[] = [
        { title: "What the page did, seconds from the test's start", text: () => timeline.text() },
      ];
      await use({ add: (title, text) => sections.push({ title, text }) });
      if (testInfo.status === testInfo.expectedStatus) return;
      // A second error, so the summary at the end of the run prints it in full (the list reporter cuts an
      // attachment to a few lines): a CI log is often all there is of a failure that does not come back locally.
      throw new Error(sections.map(({ title, text }) => `${title}:\n${text()}`).join("\n\n"));
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
