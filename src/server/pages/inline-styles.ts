/**
 * The built page's stylesheet goes into its HTML at start: the first paint then waits for no request but the
 * HTML itself (on a slow mobile link a stylesheet costs a connection and a round trip or two before anything
 * shows). The Content Security Policy allows exactly these texts by their hashes, computed here once.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { styleSource } from "../http/security-headers.ts";

/** A stylesheet link as `vite build` writes it into index.html (hashed file under assets/). */
const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g;

/** The page with its stylesheets inline, and the CSP sources that allow them. */
export interface InlinedStyles {
  readonly html: string;
  /** One `'sha256-…'` source per inlined stylesheet. */
  readonly styleSources: readonly string[];
}

/** Replaces each built stylesheet link of `html` with a style element holding the file (read from `clientDir`). */
export function inlineStylesheets(html: string, clientDir: string): InlinedStyles {
  const styleSources: string[] = [];
  const inlined = html.replace(STYLESHEET_LINK, (link, path: string) => {
    const css = readFileSync(join(clientDir, path), "utf8");
    // Text that could close the element early stays in its file (a minified stylesheet never has it).
    if (/<\/style/i.test(css)) return link;
    styleSources.push(styleSource(css));
    // A link stays, never fetched: lazily loaded chunks that share a module with the page list its stylesheet
    // among theirs, and Vite's loader skips one the page links. Its type is what keeps it from being fetched
    // (a browser fetches no stylesheet of a type it cannot read); `disabled` alone does not, as Chromium's
    // preload scanner fetches a disabled stylesheet.
    return `<style>${css}</style><link rel="stylesheet" href="/${path}" type="text/plain" disabled>`;
  });
  return { html: inlined, styleSources };
}
