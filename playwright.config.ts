import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/helpers/chromium.ts";

// End-to-end tests drive the machine's own Chromium (never a downloaded one) against the real server, which each
// worker starts on a free port from the production build in dist/ (see tests/e2e/fixtures.ts).

export default defineConfig({
  // The end-to-end suite, and the security suite's browser tests (a page on a second origin, tests/security).
  testDir: "tests",
  testMatch: ["e2e/**/*.spec.ts", "security/**/*.spec.ts"],
  reporter: "list",
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  fullyParallel: true,
  workers: 2,
  timeout: 45_000,
  // Stops a hung run. Not the aim: the suite's 246 tests took 8.0 min on the 2-core machine of 2026-11-27 with
  // podman builds running beside them (a worker that does not close is ended by tests/e2e/fixtures.ts).
  globalTimeout: 20 * 60_000,
  expect: { timeout: 10_000 },
  outputDir: "test-results",
  use: {
    browserName: "chromium",
    // Tall enough that the whole drawing component fits without scrolling on a desktop screen.
    viewport: { width: 1280, height: 1000 },
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    acceptDownloads: true,
    trace: "off",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
  },
});
