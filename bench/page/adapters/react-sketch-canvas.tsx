import { createRef, type RefObject, useLayoutEffect, useState } from "react";
import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { type CanvasPath, ReactSketchCanvas, type ReactSketchCanvasRef } from "react-sketch-canvas";
import { CANVAS_SIZE } from "../../../src/common/constants.ts";
import { nextFrame, nextTask } from "../frames.ts";
import type { BenchStroke } from "../workload.ts";
import { context2d, inkedShareOf } from "./canvas.ts";
import type { BenchSystem, SystemFactory } from "./types.ts";

interface Brush {
  readonly colour: string;
  readonly width: number;
}

interface SketchProps {
  readonly sketch: RefObject<ReactSketchCanvasRef | null>;
  readonly brushSetter: { current: ((brush: Brush) => void) | null };
}

/** The library as an app would use it: brush in React state, passed as props. */
function Sketch({ sketch, brushSetter }: SketchProps) {
  const [brush, setBrush] = useState<Brush>({ colour: "#000000", width: 3 });
  useLayoutEffect(() => {
    brushSetter.current = setBrush;
  }, [brushSetter]);
  const size = `${CANVAS_SIZE}px`;
  return (
    <ReactSketchCanvas
      ref={sketch}
      width={size}
      height={size}
      strokeColor={brush.colour}
      strokeWidth={brush.width}
      canvasColor="#ffffff"
      style={{ border: "none" }}
    />
  );
}

interface Mounted {
  readonly root: Root;
  readonly box: HTMLElement;
  readonly sketch: RefObject<ReactSketchCanvasRef | null>;
  readonly brushSetter: { current: ((brush: Brush) => void) | null };
}

function mount(host: HTMLElement): Mounted {
  const box = document.createElement("div");
  host.append(box);
  const root = createRoot(box);
  const sketch = createRef<ReactSketchCanvasRef>();
  const brushSetter: Mounted["brushSetter"] = { current: null };
  flushSync(() => root.render(<Sketch sketch={sketch} brushSetter={brushSetter} />));
  return { root, box, sketch, brushSetter };
}

function api(mounted: Mounted): ReactSketchCanvasRef {
  const ref = mounted.sketch.current;
  if (ref === null) throw new Error("react-sketch-canvas is not mounted");
  return ref;
}

function toPaths(strokes: readonly BenchStroke[]): CanvasPath[] {
  return strokes.map((stroke) => ({
    paths: stroke.points.map((point) => ({ x: point.x, y: point.y })),
    strokeWidth: stroke.width,
    strokeColor: stroke.colour,
    drawMode: true,
  }));
}

/** React renders in a scheduler task queued before ours, so two task hops see its commit. */
async function reactCommitted(): Promise<void> {
  await nextTask();
  await nextTask();
}

async function inkOf(mounted: Mounted): Promise<number> {
  const image = new Image();
  image.src = await api(mounted).exportImage("png");
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = CANVAS_SIZE;
  canvas.height = CANVAS_SIZE;
  const context = context2d(canvas);
  context.drawImage(image, 0, 0, CANVAS_SIZE, CANVAS_SIZE);
  return inkedShareOf(context.getImageData(0, 0, CANVAS_SIZE, CANVAS_SIZE));
}

/**
 * react-sketch-canvas 8 with React 19: an SVG whose paths live in React state. Pointer moves are batched
 * into its own requestAnimationFrame, then React re-renders the path list and the browser re-lays out
 * and repaints the SVG, so its cost lands in later frames than the event (paintsLater).
 */
export const createReactSketchCanvas: SystemFactory = async (host) => {
  let mounted = mount(host);
  await nextFrame();
  const system: BenchSystem = {
    get target() {
      const target = mounted.box.querySelector('[role="presentation"]');
      if (target === null) throw new Error("react-sketch-canvas rendered no drawing surface");
      return target;
    },
    paintsLater: true,
    async load(strokes) {
      api(mounted).loadPaths(toPaths(strokes));
      await reactCommitted();
    },
    undo: () => api(mounted).undo(),
    setStyle(stroke: BenchStroke) {
      flushSync(() => mounted.brushSetter.current?.({ colour: stroke.colour, width: stroke.width }));
    },
    settle: reactCommitted,
    async prepareRestore() {
      const saved = structuredClone(await api(mounted).exportPaths());
      mounted.root.unmount();
      mounted.box.remove();
      mounted = mount(host);
      const fresh = api(mounted);
      return {
        label: "loadPaths (React re-renders the SVG)",
        pending: false,
        run: () => fresh.loadPaths(saved),
      };
    },
    inkedShare: () => inkOf(mounted),
    destroy: () => {
      mounted.root.unmount();
      mounted.box.remove();
    },
  };
  return system;
};
