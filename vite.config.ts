import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The page is built once; branding reaches it at run time from the server, so rebranding never needs a rebuild.
export default defineConfig({
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false },
  server: { proxy: { "/api": "http://127.0.0.1:8080", "/healthz": "http://127.0.0.1:8080" } },
});
