/**
 * Vitest setup of the projects that run the app in process (api, security, reliability): a test's stand-in build
 * without a server-rendering bundle has its pages rendered from the components' source, which Vitest compiles
 * (the bundle `npm run build` makes is of the same file: src/server/pages/render-bundle.ts), so these tests need
 * no build. The bundle itself is proven by
 * tests/e2e/server-pages.spec.ts and every end-to-end test, which run on the build.
 */
import { vi } from "vitest";

vi.mock("../../src/server/pages/render-bundle.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../src/server/pages/render-bundle.ts")>();
  return {
    ...actual,
    importRenderBundle: async (clientDir: string) =>
      (await actual.importRenderBundle(clientDir)) ?? import("../../src/client/server-render.tsx"),
  };
});
