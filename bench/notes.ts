import { FRAME_TEST_MOVES, QUIET_AFTER_BUILD_UP_MS, type SystemSummary, type Workload } from "./measure.ts";
import { FINAL_SETTLE_MS, PAIRS_PER_GROUP, STROKES_PER_BLOCK, WARM_UP_STROKES } from "./paired.ts";
import { kb } from "./tables.ts";

/** What the notes need to know about this run. */
export interface NotesInput {
  readonly summaries: readonly SystemSummary[];
  readonly minimalBytes: ReadonlyMap<string, number>;
  readonly appError: string;
  readonly workload: Workload;
}

/** The printed legend: how each figure was taken, so nobody has to read the code to trust it. */
export function methodNotes({ summaries, minimalBytes, appError, workload }: NotesInput): string[] {
  const measured = summaries.filter((summary) => summary.name !== "harness");
  const inked = measured
    .map(
      (summary) =>
        `${summary.name} ${summary.inked === null ? "n/a" : `${(summary.inked * 100).toFixed(0)}%`}`,
    )
    .join(", ");
  const restores = measured.map((summary) => `${summary.name}: ${summary.restoreLabel}`).join("; ");
  const perFrame = workload.movesPerFrame;
  const blank = measured.filter((summary) => summary.inked !== null && summary.inked < 0.01);
  const warnings = blank.map(
    (summary) => `WARNING: ${summary.name} drew almost nothing; its figures are meaningless.`,
  );
  return [
    ...warnings,
    `Workload: the same seeded strokes for every system (mulberry32): 100 points each, 2-8 px apart, width 1/3/5/8/12 and palette colour changing per stroke; "full" = ${workload.strokes} strokes drawn first (Fanvas and the floor: by pointer events, and for Fanvas also a two-line outlined caption and a sticker every 100 strokes through the page's own tools; signature_pad: fromData; react-sketch-canvas: loadPaths, as drawing them through its re-render would take minutes). Strokes are replayed as real PointerEvent objects (mouse, pointerId 1, each move listing itself as its coalesced event) dispatched on each system's own element, each frame's events from the first of that frame's animation-frame callbacks, as Chromium dispatches the moves it aligns with frames just before the page's own callbacks (so a callback a system asks for while handling an event runs after the next frame's events). Each system runs in a fresh page; systems are interleaved within each run; figures are medians over runs.`,
    `ms / move: CPU time of the page's main thread (Chrome's ThreadTime metric, CDP Performance.getMetrics) around each of ${workload.probeStrokes} probe strokes drawn ${perFrame} moves per frame (press, moves, release, then 2 quiet frames), divided by 99 moves; one unmeasured stroke first warms the code up. It counts all main-thread work (dispatch, handlers, React renders, style/layout/paint, canvas rasterisation, including work deferred to later frames) and no idle time. It includes the press and release (stroke commit) and the harness itself (building and dispatching the events, producing the frames): the "harness" row dispatches the same events on an element with no listeners. Fanvas runs with the page's crash backup on, as the page does (each stroke's operation written to IndexedDB at its release, a checkpoint picture once the visitor rests when one is due; docs/decisions/0024), so every probe stroke carries its write. Not counted: rasterising react-sketch-canvas's SVG, which Chromium does on raster threads (the frame interval shows that cost), and the fact that Chromium delivers about one pointermove per frame, so a system that renders once per frame (react-sketch-canvas batches moves into its own animation frame) pays that render per real event, not per ${perFrame} moves.`,
    `Frame interval: one stroke driven from requestAnimationFrame, ${FRAME_TEST_MOVES} moves per frame; median of frame-to-frame intervals. 16.7 ms is 60 fps (headless Chromium's frame clock); more means the main thread could not keep up. Wall clock, so a busy machine shows here too.`,
    "Undo and restore: wall clock from the start of a frame, where the call is made, until the end of the rendering of the frame that shows the result (a task queued from that frame; one more frame when the system renders later, as React does, or when the restore decodes an image asynchronously). Up to 3 undos a run, one stroke each, each on screen before the next (one only when it takes over 0.5 s); the median is kept. In brackets: main-thread CPU time per undo (ThreadTime), which a busy machine inflates far less than the wall clock; it includes the frame before and the frame that shows the undo. signature_pad's undo is its documented toData / pop / fromData, which replays every stroke.",
    `Restore: ${restores}.`,
    `Full drawing: after the build-up the page is left quiet for ${QUIET_AFTER_BUILD_UP_MS / 1000} s and its garbage collected before anything is timed, for every system alike, so work deferred past the build-up's last stroke (Fanvas's backup checkpoint, a React render) does not land in one system's first probe strokes.`,
    `ms / move at full drawing vs floor, the verdict: side by side (bench/paired.ts). Fanvas and the floor are each mounted in a browser of their own, built up to full drawing and then drawn ${WARM_UP_STROKES} more probe strokes unmeasured (the steady state: without them Fanvas's first 30 or so pairs cost more than its later ones, for a reason not found, see bench/paired.ts); then blocks of ${STROKES_PER_BLOCK} probe strokes alternate between them (a-b, b-a, ...), the same strokes in both blocks of a pair, and each page's main-thread CPU time is counted without a gap from the first block to ${FINAL_SETTLE_MS / 1000} s after the last, so what a system defers past its strokes is its own wherever it lands (Fanvas's backup takes a checkpoint once the visitor rests 400 ms, here after some of its blocks, as for a visitor who pauses between strokes). The figure is the ratio of the two totals per move; beside it the same ratio in groups of ${PAIRS_PER_GROUP} consecutive pairs, for the spread. Side by side because this machine's load drifts by tens of percent over the minute that separates one system's page from the next in a run (the table's medians over runs, given beside it); blocks a second apart meet the same load. The zoomed verdict is measured the same way: fanvas-zoomed side by side with fanvas unzoomed.`,
    "fanvas-cursor: the same engine with the page's brush cursor preview on (src/client/cursor/brush-cursor.ts), following each stroke's colour and width as the page does; the preview is a CSS cursor image the browser draws, remade only when the brush or the canvas's size changes, never per move. Its verdict is paired: on the fanvas-cursor page, at full drawing, the same probe stroke is drawn with the preview on and off back to back, the order alternating pair by pair, and the figure is the median of the pairs' on/off ratios (with their middle half), so load on the machine falls on both sides of each pair.",
    "fanvas-zoomed: the same engine inside the page's zoom viewport (src/client/view/canvas-view.ts) zoomed to 4x on the middle, the canvas CSS-transformed and shown pixelated; the probe strokes are dispatched at the canvas's transformed positions, most of them outside the visible quarter, which the canvas still draws.",
    `Initial JS + CSS: gzip (node:zlib, default level) of what index.html loads up front in a production \`vite build\` with the repository's config (Fanvas: the whole page)${appError === "" ? "" : ` - the app did not build: ${appError}`}; other systems: a minimal bundle of the library and the bench's mount code. For scale: React 19 alone ${kb(minimalBytes.get("React 19 alone") ?? Number.NaN)}, Fanvas's engine alone ${kb(minimalBytes.get("fanvas engine") ?? Number.NaN)}.`,
    "signature_pad runs with throttle 0 and minDistance 1 (its defaults, 16 ms and 5 px, would drop most moves) and minWidth = maxWidth = size / 2 (its widths are radii).",
    `Sanity check, share of non-white pixels after the full drawing: ${inked}.`,
    "Headless Chromium with --disable-gpu: canvas and SVG are rasterised on the CPU, so absolute figures are higher than on a phone or laptop with a GPU; the ratios are the point.",
  ];
}
