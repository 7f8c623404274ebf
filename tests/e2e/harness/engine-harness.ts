/**
 * A page with nothing but Fanvas's engine (served by Vite's dev server from the sources, see engine-harness.ts's
 * spec helper), for tests that paint documents on fresh engines in a real browser and compare their pixels.
 */

import { loadImage } from "../../../src/client/branding/load-image.ts";
import { DrawingEngine } from "../../../src/client/engine/drawing-engine.ts";
import type { DrawingDocument, StartingPicture } from "../../../src/common/drawing-document/types.ts";

/** What the harness offers the tests (window.engineHarness). */
export interface EngineHarness {
  /** A fresh engine over `document`'s start, then load (the replay a timelapse or a restore paints). */
  replay(document: DrawingDocument): Promise<string>;
  /** A fresh engine over its start, each operation applied in turn (as another person's arrive). */
  applyEach(document: DrawingDocument): Promise<string>;
  /** applyEach, then every operation undone and redone again, one by one. */
  undoAndRedo(document: DrawingDocument): Promise<string>;
  /** applyEach up to `split`, then a fresh engine restores that picture and the operations after it. */
  restoreFrom(document: DrawingDocument, split: number): Promise<string>;
}

declare global {
  interface Window {
    engineHarness: EngineHarness;
  }
}

const MASCOT = "/mascot.png";

/** A fresh engine over a fresh 600 x 600 canvas (pixel ratio 1: its display is the document) showing `start`. */
async function engineOver(start: StartingPicture): Promise<DrawingEngine> {
  for (const old of document.querySelectorAll("canvas")) old.remove();
  const canvas = document.createElement("canvas");
  document.body.append(canvas);
  const engine = new DrawingEngine(canvas, { pixelRatio: 1 });
  engine.setBackground(start.kind === "mascot" ? await loadImage(MASCOT) : null, start);
  return engine;
}

/** The engine's drawing as a PNG data URL (lossless). */
function pixelsOf(engine: DrawingEngine): string {
  if (!engine.isReady) throw new Error("the engine has no first display");
  return (document.querySelector("canvas") as HTMLCanvasElement).toDataURL("image/png");
}

async function applyEach(drawing: DrawingDocument): Promise<DrawingEngine> {
  const engine = await engineOver(drawing.start);
  for (const operation of drawing.operations) await engine.applyOperation(operation);
  return engine;
}

window.engineHarness = {
  async replay(drawing) {
    const engine = await engineOver(drawing.start);
    if (!(await engine.load(drawing))) throw new Error("the engine refused the document");
    return pixelsOf(engine);
  },
  async applyEach(drawing) {
    return pixelsOf(await applyEach(drawing));
  },
  async undoAndRedo(drawing) {
    const engine = await applyEach(drawing);
    while (engine.undo());
    while (engine.redo());
    return pixelsOf(engine);
  },
  async restoreFrom(drawing, split) {
    const first = await applyEach({ ...drawing, operations: drawing.operations.slice(0, split) });
    const image = await createImageBitmap(document.querySelector("canvas") as HTMLCanvasElement);
    first.destroy();
    const engine = await engineOver(drawing.start);
    const saved = {
      start: drawing.start,
      origin: 0,
      operations: drawing.operations,
      position: drawing.operations.length,
      picture: { index: split, image },
    };
    if (!(await engine.restore(saved))) throw new Error("the engine refused the saved log");
    return pixelsOf(engine);
  },
};
