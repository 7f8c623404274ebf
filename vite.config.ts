import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv } from "vite";
import { STATIC_MODE, staticModeConfig } from "./scripts/vite-static-mode.ts";

// The page is built once; branding reaches it at run time from the server, so rebranding never needs a rebuild.
// `--mode static` (npm run build:static) is the exception: a page for a static host storing into Supabase, with
// the branding and Supabase settings baked in at build time (scripts/vite-static-mode.ts).
export default defineConfig(({ mode }) => {
  if (mode === STATIC_MODE) {
    const env = loadEnv(mode, import.meta.dirname, "VITE_");
    const site = staticModeConfig(env, import.meta.dirname);
    return { ...site, plugins: [react(), ...(site.plugins ?? [])] };
  }
  return {
    plugins: [react()],
    build: { outDir: "dist", emptyOutDir: true, sourcemap: false },
    server: { proxy: { "/api": "http://127.0.0.1:8080", "/healthz": "http://127.0.0.1:8080" } },
  };
});
