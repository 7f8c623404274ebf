/**
 * The page's video libraries as ES modules in the browser. Each ships a CommonJS piece the browser build would
 * otherwise take: gifenc's package.json points browsers at its CommonJS build, and mediabunny's Node-only module
 * (its file reader and writer, `./node.js`) is mapped to `false`, which Vite answers with a CommonJS stub. Either
 * brings the CommonJS interop helpers into the runtime chunk that every page loads first (about 230 bytes
 * gzipped), though only the video chunk uses them.
 */
import type { Alias, Plugin } from "vite";

/** gifenc's ES module build: the same code as its CommonJS one. */
export const BROWSER_ALIASES: Alias[] = [{ find: /^gifenc$/, replacement: "gifenc/dist/gifenc.esm.js" }];

const NODE_STUB = "\0fanvas:mediabunny-node";
const MEDIABUNNY_SOURCE = /[\\/]mediabunny[\\/]dist[\\/]modules[\\/]src[\\/]/;

/** mediabunny's `./node.js` as an empty ES module: in a browser it reads and writes no files. */
export function browserModules(): Plugin {
  return {
    name: "fanvas-browser-modules",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "./node.js" && importer !== undefined && MEDIABUNNY_SOURCE.test(importer))
        return NODE_STUB;
      return null;
    },
    load(id) {
      return id === NODE_STUB ? "export const fs = undefined;" : null;
    },
  };
}
