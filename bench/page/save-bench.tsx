/**
 * A save as the visitor has it (bench/timelapse/page-saves.ts): the page's own Save function (useSaveImage, what
 * the Save button calls) on the page's own engine holding a realistic drawing, with the page's own save callback
 * (storeDrawing: the durable queue in IndexedDB, the upload, the server's answer), timed from the call until the
 * server's acknowledgement is reported. The page must be served by the Fanvas server itself (same origin as
 * /api/drawings). The save without a log is the path the page takes when it has no log to send: the engine as
 * the Save function sees it has no document, so the picture is sent alone.
 */
import { createRoot, type Root } from "react-dom/client";
import { DrawingEngine } from "../../src/client/engine/drawing-engine.ts";
import { PAINTERS } from "../../src/client/engine/painters.ts";
import type { SaveCallback } from "../../src/client/save/save-callback.ts";
import type { SaveProgress } from "../../src/client/save/save-queue.ts";
import { startSaveQueue, storeDrawing } from "../../src/client/save/store-drawing.ts";
import { useSaveImage } from "../../src/client/save/use-save-image.ts";
import { preparePainters } from "../../src/client/timelapse/replay.ts";
import { decodeDrawing } from "../../src/common/drawing-document/decode.ts";
import { knownStickers } from "../../src/common/drawing-document/known-stickers.ts";
import { toStrokePoints } from "../../src/common/drawing-document/stroke-point.ts";
import { createCanvas } from "./adapters/canvas.ts";

/** One timed save: ms from the Save call to the server's acknowledgement, and the bytes of its picture. */
export interface PageSave {
  readonly ms: number;
  readonly pngBytes: number;
  readonly withLog: boolean;
  /** From the Save call until the upload's request began (export, download, identity, queue). */
  readonly beforeUploadMs: number;
  /** The upload's request, from its start until its answer was read (the browser's resource timing). */
  readonly uploadMs: number;
}

/** The Save function of each side, once React has mounted them. */
interface Saves {
  withLog: () => Promise<void>;
  withoutLog: () => Promise<void>;
}

let engine: DrawingEngine | null = null;
let root: Root | null = null;
let saves: Saves | null = null;
/** Who waits for the save on its way (one at a time). */
let acknowledged: ((progress: SaveProgress, pngBytes: number) => void) | null = null;

/** The page's save callback, told when the server has acknowledged (or refused) the save. */
const timedStore: SaveCallback = ({ png, report, making }) =>
  storeDrawing({
    png,
    making,
    report: (progress) => {
      report(progress);
      if (progress.kind === "saved" || progress.kind === "refused") acknowledged?.(progress, png.size);
    },
  });

/** `engine` as the Save function sees it where the page could make no log: no document. */
function withoutDocument(source: DrawingEngine): DrawingEngine {
  return new Proxy(source, {
    get(target, key) {
      if (key === "document") return null;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function SaveProbe(props: {
  readonly engine: DrawingEngine;
  readonly onSave: (save: () => Promise<void>) => void;
}) {
  const { save } = useSaveImage(props.engine, "bench", timedStore);
  props.onSave(save);
  return null;
}

/** Mounts a fresh engine (white start) in `host` and the page's Save function on it, both ways. */
export async function mountSaves(host: HTMLElement): Promise<void> {
  root?.unmount();
  engine?.destroy();
  host.replaceChildren();
  const fresh = new DrawingEngine(createCanvas(host), { pixelRatio: 1 });
  fresh.setBackground(null);
  engine = fresh;
  startSaveQueue();
  const mounted: Partial<Saves> = {};
  const probes = document.createElement("div");
  host.append(probes);
  root = createRoot(probes);
  await new Promise<void>((resolve) => {
    const take = (side: keyof Saves) => (save: () => Promise<void>) => {
      mounted[side] = save;
      if (mounted.withLog !== undefined && mounted.withoutLog !== undefined) resolve();
    };
    root?.render(
      <>
        <SaveProbe engine={fresh} onSave={take("withLog")} />
        <SaveProbe engine={withoutDocument(fresh)} onSave={take("withoutLog")} />
      </>,
    );
  });
  saves = mounted as Saves;
}

/** Shows the drawing encoded in `making` on the engine, as its log (outside any timing). */
export async function showDrawing(making: Uint8Array<ArrayBuffer>): Promise<void> {
  if (engine === null) throw new Error("mountSaves() first");
  const drawing = decodeDrawing(making, { stickers: knownStickers() });
  await preparePainters(drawing, PAINTERS);
  if (!(await engine.load(drawing))) throw new Error("the engine did not take the drawing");
  await engine.settled();
}

/**
 * Adds a one-point stroke at a place `index` picks (so every save is a picture this browser has not stored, which
 * the page would otherwise answer from its memory), then times one Save, with the drawing's log or without.
 */
export async function timeSave(withLog: boolean, index: number): Promise<PageSave> {
  const current = engine;
  if (current === null || saves === null) throw new Error("mountSaves() first");
  const x = 20 + ((index * 37) % 560);
  const y = 20 + ((index * 53) % 560);
  current.apply({
    kind: "stroke",
    style: { colour: "#123456", width: 6, eraser: false },
    points: toStrokePoints([{ x, y, elapsed: 0 }]),
    dot: true,
  });
  await current.settled();
  const save = withLog ? saves.withLog : saves.withoutLog;
  const done = new Promise<{ progress: SaveProgress; pngBytes: number }>((resolve) => {
    acknowledged = (progress, pngBytes) => resolve({ progress, pngBytes });
  });
  const started = performance.now();
  await save();
  const { progress, pngBytes } = await done;
  const ms = performance.now() - started;
  acknowledged = null;
  const upload = performance
    .getEntriesByType("resource")
    .filter((entry) => entry.name.includes("/api/drawings") && entry.startTime >= started)
    .at(-1);
  performance.clearResourceTimings();
  if (progress.kind !== "saved" || progress.alreadyStored === true) {
    throw new Error(`a page save ended ${JSON.stringify(progress)}`);
  }
  return {
    ms,
    pngBytes,
    withLog,
    beforeUploadMs: (upload?.startTime ?? Number.NaN) - started,
    uploadMs: upload?.duration ?? Number.NaN,
  };
}
