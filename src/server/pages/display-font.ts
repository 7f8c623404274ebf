/**
 * The page's display face (Fredoka, built by Vite from @fontsource/fredoka under a hashed name in assets/)
 * for the server's own pages, so a drawing's page titles in the same type as the drawing page it links to.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";

/** The built file's name: fontsource's own, with Vite's hash before the extension. */
const BUILT_FACE = /^fredoka-latin-600-normal-[\w-]+\.woff2$/;

/**
 * An @font-face rule for the built face under `clientDir` (read once, at start), or "" when there is no build
 * holding it: the pages then fall back to the system's rounded face, as their stylesheet lists it.
 */
export function displayFontFace(clientDir: string): string {
  let files: string[];
  try {
    files = readdirSync(join(clientDir, "assets"));
  } catch {
    return "";
  }
  const face = files.find((file) => BUILT_FACE.test(file));
  if (face === undefined) return "";
  return `@font-face{font-family:Fredoka;font-style:normal;font-weight:600;font-display:swap;src:url("/assets/${face}") format("woff2")}\n`;
}
