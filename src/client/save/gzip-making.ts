/**
 * The drawing's log as a save sends it: gzipped by the browser (CompressionStream, native and off the page's
 * script), about a third fewer bytes to upload, for the server to store and to serve (docs/decisions/0035). The
 * server tells gzip from a plain log by its first bytes and takes either.
 */

/** `log` gzipped, or `log` itself where the browser has no CompressionStream (or it fails). */
export async function gzippedMaking(log: Uint8Array): Promise<Uint8Array> {
  if (typeof CompressionStream === "undefined") return log;
  try {
    const stream = new Blob([new Uint8Array(log)]).stream().pipeThrough(new CompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch {
    return log;
  }
}
