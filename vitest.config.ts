import { defineConfig } from "vitest/config";

// One project per loop (npm run test:unit, test:api, test:security, test:reliability, test:container); npm test
// runs them all.
// unit: pure modules beside their code, no server and no browser. api, security: the real server over HTTP or
// inject (SQLite always, PostgreSQL when TEST_DATABASE_URL is set). reliability: kill -9, load, backups, against
// server processes. container: the Dockerfile built and run under podman (where podman is installed; always in CI).
// End-to-end tests run under Playwright, not here.
/** The app's pages rendered from the components' source in the projects that run the app in process. */
const RENDER_FROM_SOURCE = ["tests/helpers/render-from-source.ts"];

export default defineConfig({
  test: {
    // Vitest's default is one worker per core less one: a single worker on a 2-core machine. Most files wait on
    // server processes, sockets and timers rather than compute, so three overlap well: the whole run took 215 s
    // instead of 316 on the 2-core machine of 2026-11-26.
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["src/**/*.test.ts", "bench/**/*.test.ts", "scripts/**/*.test.ts"] },
      },
      {
        extends: true,
        test: { name: "api", include: ["tests/api/**/*.test.ts"], setupFiles: RENDER_FROM_SOURCE },
      },
      {
        extends: true,
        test: { name: "security", include: ["tests/security/**/*.test.ts"], setupFiles: RENDER_FROM_SOURCE },
      },
      {
        extends: true,
        test: {
          name: "reliability",
          include: ["tests/reliability/**/*.test.ts"],
          setupFiles: RENDER_FROM_SOURCE,
        },
      },
      {
        extends: true,
        test: {
          name: "container",
          include: ["tests/container/**/*.test.ts"],
          // Builds the image in the background from the start of the run; these files run after every other
          // project's (group 1), when the build has had the other projects' minutes to finish.
          globalSetup: ["tests/container/global-setup.ts"],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
