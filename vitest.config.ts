import { defineConfig } from "vitest/config";

// Unit tests sit beside their code; tests/api and tests/security boot the real server (SQLite always, PostgreSQL when
// TEST_DATABASE_URL is set). End-to-end tests run under Playwright, not here.
export default defineConfig({
  test: {
    include: [
      "src/**/*.test.ts",
      "tests/api/**/*.test.ts",
      "tests/reliability/**/*.test.ts",
      "tests/security/**/*.test.ts",
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
