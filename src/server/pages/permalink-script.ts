/**
 * The permalink page's script as `npm run build` names it (vite.config.ts, mode "permalink": the entry
 * src/client/permalink/permalink-page.ts, hashed, under assets/), found once at start like the display face.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";

const BUILT_SCRIPT = /^permalink-page-[\w-]+\.js$/;

/** The script's path on this server, or undefined without a build holding it (the page then works on its links). */
export function permalinkShareScript(clientDir: string): string | undefined {
  let files: string[];
  try {
    files = readdirSync(join(clientDir, "assets"));
  } catch {
    return undefined;
  }
  const script = files.find((file) => BUILT_SCRIPT.test(file));
  return script === undefined ? undefined : `/assets/${script}`;
}
