import { createFanvasCursor } from "./adapters/fanvas-cursor.ts";
import { createFanvasWithTools } from "./adapters/fanvas-tools.ts";
import { createFanvasZoomed } from "./adapters/fanvas-zoomed.ts";
import { createFloor } from "./adapters/floor.ts";
import { createHarness } from "./adapters/harness.ts";
import { createReactSketchCanvas } from "./adapters/react-sketch-canvas.tsx";
import { createSignaturePad } from "./adapters/signature-pad.ts";
import type { BenchSystem, SystemFactory } from "./adapters/types.ts";
import type { BenchApi, SystemName } from "./api.ts";
import { benchFill } from "./fill-bench.ts";
import { nextFrame, timeUntilOnScreen } from "./frames.ts";
import { drawStrokeAtOnce, drawStrokeOverFrames } from "./pointer.ts";
import { mountSaves, showDrawing, timeSave } from "./save-bench.tsx";
import { benchTimelapse, finishedPng } from "./timelapse-bench.ts";
import { syntheticStrokes } from "./workload.ts";

declare global {
  interface Window {
    fanvasBench: BenchApi;
  }
}

const FACTORIES: Record<SystemName, SystemFactory> = {
  fanvas: createFanvasWithTools,
  "fanvas-zoomed": createFanvasZoomed,
  "fanvas-cursor": createFanvasCursor,
  signature_pad: createSignaturePad,
  "react-sketch-canvas": createReactSketchCanvas,
  floor: createFloor,
  harness: createHarness,
};

/** The drawing built up before the "1,000 strokes" figures, and the strokes that are timed. */
const WORKLOAD_SEED = 1;
const PROBE_SEED = 2;
const PROBE_COUNT = 16;
/** A caption and a sticker join the drawing every this many strokes (Fanvas: 10 of each in 1,000). */
const DECORATE_EVERY = 100;
/** Strokes drawn per frame while building up the drawing, so frame-driven work keeps up. */
const PREFILL_STROKES_PER_FRAME = 50;

/** A replaying undo (seconds at 1,000 strokes) is timed once: repeating it would not change the story. */
const UNDO_REPEAT_LIMIT_MS = 500;

let mounted: BenchSystem | null = null;
const probes = syntheticStrokes(PROBE_SEED, PROBE_COUNT);

function system(): BenchSystem {
  if (mounted === null) throw new Error("mount() a system first");
  return mounted;
}

function probe(index: number) {
  const stroke = probes[index % PROBE_COUNT];
  if (stroke === undefined) throw new Error(`no probe stroke ${index}`);
  return stroke;
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

function host(): HTMLElement {
  const element = document.getElementById("host");
  if (element === null) throw new Error("the bench page has no #host");
  return element;
}

window.fanvasBench = {
  async mount(name) {
    mounted?.destroy();
    mounted = await FACTORIES[name](host());
    await nextFrame();
  },
  prepareProbe(index) {
    system().setStyle(probe(index));
  },
  drawProbe(index, movesPerFrame, trailingFrames) {
    return drawStrokeOverFrames(system(), probe(index), movesPerFrame, trailingFrames);
  },
  async setCursor(on) {
    system().setCursor?.(on);
    await nextFrame();
  },
  async prefill(count) {
    const start = performance.now();
    const strokes = syntheticStrokes(WORKLOAD_SEED, count);
    const current = system();
    if (current.load !== null) {
      await current.load(strokes);
    } else {
      for (const [index, stroke] of strokes.entries()) {
        await drawStrokeAtOnce(current, stroke);
        if (index % DECORATE_EVERY === DECORATE_EVERY / 2) await current.decorate?.(index);
        if (index % PREFILL_STROKES_PER_FRAME === 0) await nextFrame();
      }
    }
    await current.settle();
    await nextFrame();
    return performance.now() - start;
  },
  async undo(times) {
    const current = system();
    const undo = current.undo;
    if (undo === null) return null;
    const durations: number[] = [];
    while (durations.length < times && (durations.at(-1) ?? 0) <= UNDO_REPEAT_LIMIT_MS) {
      await nextFrame();
      durations.push(await timeUntilOnScreen(undo, () => current.settle(), current.paintsLater));
    }
    return durations;
  },
  async setBackup(on) {
    system().setBackup?.(on);
    await nextFrame();
  },
  async replay() {
    const current = system();
    const plan = await current.prepareReplay?.();
    if (plan === undefined) return null;
    await nextFrame();
    const ms = await timeUntilOnScreen(plan.run, () => current.settle(), current.paintsLater);
    plan.done();
    return { ms, operations: plan.operations };
  },
  async restore() {
    const current = system();
    const plan = await current.prepareRestore();
    await nextFrame();
    await nextFrame();
    const ms = await timeUntilOnScreen(plan.run, () => current.settle(), current.paintsLater);
    return { ms, label: plan.label, pending: plan.pending };
  },
  inkedShare() {
    return system().inkedShare();
  },
  fillBench(reps) {
    mounted?.destroy();
    mounted = null;
    return benchFill(host(), reps);
  },
  timelapse(making, runs) {
    mounted?.destroy();
    mounted = null;
    return benchTimelapse(fromBase64(making), runs);
  },
  finishedPng(making) {
    return finishedPng(fromBase64(making));
  },
  mountSaves() {
    mounted?.destroy();
    mounted = null;
    return mountSaves(host());
  },
  showDrawing(making) {
    return showDrawing(fromBase64(making));
  },
  timeSave,
};
