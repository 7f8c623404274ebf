import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv } from "vite";
import { BROWSER_ALIASES, browserModules } from "./scripts/vite-browser-modules.ts";
import { precompress } from "./scripts/vite-precompress.ts";
import { STATIC_MODE, staticModeConfig } from "./scripts/vite-static-mode.ts";

/** Where the server-rendering bundle goes (src/server/pages/page-routes.ts reads it from there). */
const SSR_OUT_DIR = "dist/.ssr";
/** `vite build --mode permalink` (part of npm run build): the permalink page's script, beside the page's files. */
const PERMALINK_MODE = "permalink";

/**
 * The page's own code splitting, said here once. Every feature loads what it needs after the first paint where
 * it needs it (a dynamic import at its boundary: the tools, the wall, the engine, the backup, the save
 * pipeline); what the board needs as soon as it is used rather than to paint — its keys, Save's download and
 * status, the sheet's slot, the Shortcuts button, the brush cursor, the prompt's banner and "Sign it" (hydrated then) — is gathered into one chunk, "board-extras",
 * fetched as the board mounts (the board counts itself ready once its keys are bound). Only modules the first
 * bundle does not import belong here: one it did would make the first bundle load this chunk.
 */
const BOARD_EXTRAS =
  /src[\\/]client[\\/](keyboard[\\/](board-keys|bind-shortcuts|board-shortcuts|caption-keys|shortcuts|step-brush-size)\.ts|save[\\/](SaveStatusLine\.tsx|SaveSheetSlot\.tsx|save-flow\.ts|save-status\.ts|download\.ts)|board[\\/](ShortcutsHelp\.tsx|DrawTogether\.tsx|extras\.ts)|credit[\\/](credit-parts\.ts|PromptBanner\.tsx|SignatureField\.tsx|signature\.ts|use-signature\.ts|use-running-prompt\.ts|live-prompt\.ts)|cursor[\\/]|wall[\\/]my-drawings\.ts)/;

/**
 * React and ReactDOM, one chunk of their own: the first bundle and every lazy chunk share it whole (left to the
 * bundler, React's core became a chunk of its own and ReactDOM stayed in the first bundle, a few hundred bytes more
 * to load), and a deploy that changes only our code leaves it in the browser's cache.
 */
const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;

/**
 * The lazy chunks the board waits for to be ready (the engine, its backup, its keys) and the tools a first tap
 * waits for: their own imports are preloaded with them, saving a round trip each on a slow link.
 */
const PRELOADED_WITH_IMPORTS = /(^|\/)(mount-engine|drawing-backup|extras|ToolControls)-[\w-]+\.js$/;
/** The page's own imports, preloaded by its HTML: in the browser before any lazy chunk is asked for. */
const IN_THE_PAGE = /(^|\/)(react|rolldown-runtime)-[\w-]+\.js$/;

/**
 * What the bundler preloads with a lazy chunk: a link element per file, added from the task that asked for
 * the chunk (a React commit, an effect), about a millisecond each on a slow phone, which made those tasks long.
 * A chunk's stylesheets always (nothing shows unstyled); its scripts only for the chunks above, the browser
 * fetching the others' imports as it reads them; never the page's own.
 */
function filesToPreload(chunk: string, files: readonly string[]): string[] {
  const whole = PRELOADED_WITH_IMPORTS.test(chunk);
  return files.filter((file) => file.endsWith(".css") || (whole && !IN_THE_PAGE.test(file)));
}

/** The video libraries as ES modules (scripts/vite-browser-modules.ts). */
const resolve = { alias: BROWSER_ALIASES };

// The page is built once; branding reaches it at run time from the server, so rebranding never needs a rebuild.
// `--mode static` (npm run build:static) is the exception: a page for a static host storing into Supabase, with
// the branding and Supabase settings baked in at build time (scripts/vite-static-mode.ts).
export default defineConfig(({ mode, isSsrBuild }) => {
  if (isSsrBuild) {
    // `vite build --ssr src/client/server-render.tsx` (part of npm run build): the page's components for the
    // server to render once at start, in a hidden folder of the build that the server never serves as a file.
    // React is bundled in (its production build, as the browser gets), not imported from node_modules: the
    // server imports the bundle from wherever the build lives (FANVAS_CLIENT_DIR may be outside the repository,
    // as the Lighthouse bench's is), and an import of "react" from there does not resolve, which silently left
    // the page to render in the browser.
    return {
      plugins: [react()],
      ssr: { noExternal: true },
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      build: { outDir: SSR_OUT_DIR, emptyOutDir: true, sourcemap: false, copyPublicDir: false },
    };
  }
  if (mode === PERMALINK_MODE) {
    // The server's permalink page is HTML of its own (src/server/pages); its one script is built apart from the
    // drawing page, so neither build's chunks change the other's. src/server/pages/permalink-script.ts finds it.
    return {
      plugins: [browserModules(), precompress({ bundleOnly: true })],
      resolve,
      build: {
        outDir: "dist",
        emptyOutDir: false,
        copyPublicDir: false,
        sourcemap: false,
        modulePreload: { polyfill: false },
        rolldownOptions: {
          input: "src/client/permalink/permalink-page.ts",
          output: {
            entryFileNames: "assets/permalink-page-[hash].js",
            chunkFileNames: "assets/permalink-chunk-[name]-[hash].js",
          },
        },
      },
    };
  }
  if (mode === STATIC_MODE) {
    const env = loadEnv(mode, import.meta.dirname, "VITE_");
    const site = staticModeConfig(env, import.meta.dirname);
    return { ...site, resolve, plugins: [react(), browserModules(), ...(site.plugins ?? [])] };
  }
  return {
    plugins: [react(), browserModules(), precompress()],
    resolve,
    build: {
      outDir: "dist",
      emptyOutDir: true,
      sourcemap: false,
      modulePreload: {
        // Every browser the page supports preloads modules itself; the polyfill would only add to the first load.
        polyfill: false,
        resolveDependencies: (chunk, files, { hostType }) =>
          hostType === "html" ? files : filesToPreload(chunk, files),
      },
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: "board-extras", test: BOARD_EXTRAS, includeDependenciesRecursively: false },
              { name: "react", test: REACT, priority: 1 },
            ],
          },
        },
      },
    },
    server: { proxy: { "/api": "http://127.0.0.1:8080", "/healthz": "http://127.0.0.1:8080" } },
  };
});
