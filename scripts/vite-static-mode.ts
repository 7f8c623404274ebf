/**
 * `vite build --mode static`: the page for a static host that stores into a Supabase project. A static host has
 * no server to inject branding or answer /api, so everything the page needs is baked in at build time.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Plugin, UserConfig } from "vite";
import { type BrandingConfig, DEFAULT_BRANDING } from "../src/common/config.ts";
import { validateBranding } from "../src/server/pages/branding.ts";
import { injectBranding, withHead } from "../src/server/pages/index-html.ts";

/** The mode name; the page tests `import.meta.env.MODE === "static"`. */
export const STATIC_MODE = "static";
/** Where the static site is written, apart from the server's dist/. */
export const STATIC_OUT_DIR = "dist-static";

/** The build-time settings of the static site, checked. */
export interface StaticSiteSettings {
  readonly supabaseUrl: string;
  readonly branding: BrandingConfig;
}

/**
 * Reads VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY and VITE_FANVAS_BRANDING (JSON, or a path to a JSON file;
 * unset: ./fanvas.config.json when present, else the defaults) from Vite's env (process env over .env.static).
 * Throws a message naming the variable when one is missing or bad.
 */
export function readStaticSiteSettings(env: Record<string, string>, root: string): StaticSiteSettings {
  const supabaseUrl = env.VITE_SUPABASE_URL?.trim() ?? "";
  if (!/^https?:\/\/[^/\s]+/.test(supabaseUrl)) {
    throw new Error(
      `Static build: VITE_SUPABASE_URL must be the Supabase project's URL, like https://abcd.supabase.co (got "${supabaseUrl}"); set it in the environment or .env.static.`,
    );
  }
  if (!env.VITE_SUPABASE_ANON_KEY?.trim()) {
    throw new Error(
      "Static build: VITE_SUPABASE_ANON_KEY is not set; copy the project's anon (public) key into the environment or .env.static.",
    );
  }
  return { supabaseUrl, branding: readBranding(env.VITE_FANVAS_BRANDING?.trim() ?? "", root) };
}

function readBranding(setting: string, root: string): BrandingConfig {
  if (setting.startsWith("{")) return parseBranding(setting, "VITE_FANVAS_BRANDING");
  const file = path.resolve(root, setting || "fanvas.config.json");
  if (!setting && !existsSync(file)) return DEFAULT_BRANDING;
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(
      `Static build: VITE_FANVAS_BRANDING names ${file}, which cannot be read (${(error as NodeJS.ErrnoException).code}); give a JSON object or a branding file's path.`,
    );
  }
  return parseBranding(text, file);
}

function parseBranding(text: string, source: string): BrandingConfig {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(
      `Static build: the branding in ${source} is not valid JSON (${(error as Error).message}).`,
    );
  }
  // The server's own check, so a file that starts the server also builds the static site, and vice versa.
  return validateBranding(parsed, source);
}

/** Writes the branding into index.html as the Fanvas server does at run time, the title rendered by React. */
function bakeBranding(branding: BrandingConfig): Plugin {
  const title = renderToStaticMarkup(createElement("title", null, branding.title));
  return {
    name: "fanvas-static-branding",
    transformIndexHtml: (html) => withHead(injectBranding(html, branding), title),
  };
}

/**
 * Parts of the page that need the Fanvas server's API (the community wall reads /api/drawings and /api/events):
 * a static host has none, so the static build replaces them with nothing rather than let them call a 404.
 */
const SERVER_ONLY_MODULES: Readonly<Record<string, string>> = {
  "src/client/wall/WallSlot.tsx": "export function WallSlot() { return null; }",
};

/** Loads the stand-in of each server-only module; its own imports (and chunks) then never enter the build. */
function leaveOutServerOnlyParts(root: string): Plugin {
  const stubs = new Map(
    Object.entries(SERVER_ONLY_MODULES).map(([file, code]) => [path.resolve(root, file), code]),
  );
  return {
    name: "fanvas-static-server-only",
    enforce: "pre",
    load: (id) => stubs.get(id.split("?")[0] ?? id),
  };
}

/** The config of the static build (the default build's settings stay in vite.config.ts). */
export function staticModeConfig(env: Record<string, string>, root: string): UserConfig {
  const settings = readStaticSiteSettings(env, root);
  return {
    // Relative asset URLs, so the site also works from a sub-path (GitHub Pages' /<repository>/).
    base: "./",
    plugins: [bakeBranding(settings.branding), leaveOutServerOnlyParts(root)],
    build: {
      outDir: STATIC_OUT_DIR,
      emptyOutDir: true,
      sourcemap: false,
      modulePreload: { polyfill: false },
    },
  };
}
