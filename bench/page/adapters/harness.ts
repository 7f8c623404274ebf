import { CANVAS_SIZE } from "../../../src/common/constants.ts";
import type { BenchSystem, SystemFactory } from "./types.ts";

/**
 * No system at all: a box with no listeners. Timing it shows what the harness itself costs per move
 * (building and dispatching the events, the frames in between), which every other figure includes.
 */
export const createHarness: SystemFactory = (host) => {
  const box = document.createElement("div");
  box.style.cssText = `width:${CANVAS_SIZE}px;height:${CANVAS_SIZE}px`;
  host.append(box);
  const system: BenchSystem = {
    target: box,
    paintsLater: false,
    load: () => Promise.resolve(),
    undo: null,
    setStyle: () => {},
    settle: () => Promise.resolve(),
    prepareRestore: () => Promise.resolve({ label: "n/a", pending: false, run: () => {} }),
    inkedShare: () => Promise.resolve(0),
    destroy: () => box.remove(),
  };
  return Promise.resolve(system);
};
