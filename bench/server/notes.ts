/** What the notes need to know about the run. */
export interface ServerNotesInput {
  readonly drawings: number;
  readonly concurrency: number;
  readonly storedCounts: readonly string[];
  readonly serving: { readonly concurrency: number; readonly requests: number };
  readonly gallerySizes: readonly number[];
  readonly galleryRequests: number;
  readonly chunkFiles: readonly string[];
  readonly problems: readonly string[];
}

/** The printed legend: how each figure was taken, and what to keep in mind when reading it. */
export function serverNotes(input: ServerNotesInput): string[] {
  return [
    ...input.problems.map((problem) => `WARNING: ${problem}`),
    `Drawings: ${input.drawings} distinct 600 x 600 drawings rendered once per bench by sharp: the mascot (public/mascot.png, mirrored as the page paints it) on white, with 5-40 seeded freehand strokes (SVG paths of 20-120 points, palette colours, brush sizes 1-12) over it, saved as 8-bit RGBA PNG at zlib level 6 with adaptive filtering (roughly what Chromium's canvas.toBlob writes; 50-140 KB each).`,
    `Saves: the real server process (node src/server/main.ts, PORT=0, a fresh temp DATA_DIR or a fresh PostgreSQL database per run, SAVE_RATE_LIMIT=0, LOG_LEVEL=warn), a few warm-up saves, then every drawing once as a raw image/png POST with its own Idempotency-Key, ${input.concurrency} concurrent: a closed loop of ${input.concurrency} workers on keep-alive sockets (node:http Agent) pulling from a shared counter, latency = performance.now() around each request (answer read). The server's background worker (thumbnails, re-encoding) runs as in production, yielding to saves for up to 1 s at a time, so it takes part of the CPU during the run. Medians over runs; p50/p99 are nearest-rank over every save of a run.`,
    `Floor: the server's own validation (validateDrawingPng: the chunk walk, one bounded inflate of the image data, the scanline filter check; no pixel is decoded, as in the server) on the same PNGs, in this one process, ${input.concurrency} at once through the same worker/counter loop. No HTTP, hashing or database: a save's cost above it is the server's own overhead. (Until issue 9 the floor was a full sharp decode of each PNG, which the server no longer does: about 2.3x slower than the validation, so ratios against it flattered the saves.)`,
    `Serving: after the worker finished, the stored drawing of median size is fetched with GET /api/drawings/<id>.png, ${input.serving.requests} requests per run at ${input.serving.concurrency} concurrent on keep-alive sockets (after a warm-up); nginx (/usr/sbin/nginx, 1 worker process, sendfile, no access log, temp config and pid/log files) serves the same bytes from a file on disk. Runs alternate between the two. The load generator is a Node process on the same 2 cores: its own CPU caps what nginx can show, so the nginx figure is a lower bound and the ratio is flattering to Fanvas.`,
    `Stored bytes: ${input.storedCounts.join("; ")} saved into a fresh server, then /metrics (METRICS_ALLOW_LOCAL) polled until fanvas_background_queue_depth is 0 for every job (re-encoding and thumbnails done); stored bytes = the body of GET <id>.png afterwards; the uploads are the drawings re-encoded by Chromium's canvas (the bytes the page's toBlob sends), and the data URL is "data:image/png;base64," + base64 of those bytes — what the spec's toDataURL gives for the same drawing.`,
    `Wall latency: rows inserted straight through the store's Kysely (600 x 600 flat PNGs of about 1 KB made distinct by a tEXt chunk, 32 real WebP thumbnails, status visible, re-encoding and thumbnail done so the worker stays idle; 5,000 rows a transaction); ${input.gallerySizes.map((size) => size.toLocaleString("en-US")).join(" then topped up to ")} drawings in one database, PostgreSQL ANALYZEd after each seeding; then a fresh server process, ${input.galleryRequests} sequential GETs of each page on one keep-alive socket after a warm-up. Deep page = the cursor of the drawing 90% down the wall.`,
    `First wall screen: GET /api/drawings with the page's own page size (GALLERY_PAGE_SIZE) on the realistic drawings, its thumbnails' bodies, and the lazy wall chunk of a production vite build into a temp dir (${input.chunkFiles.join(", ") || "n/a"}) minus what index.html already loads, gzipped (node:zlib default level; Fastify serves them uncompressed unless a proxy compresses). Response headers are not counted.`,
  ];
}
