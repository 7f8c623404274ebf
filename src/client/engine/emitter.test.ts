import { describe, expect, it } from "vitest";
import { Emitter } from "./emitter.ts";

describe("engine events", () => {
  it("calls listeners with the detail, and on() returns a remover", () => {
    const emitter = new Emitter();
    const seen: unknown[] = [];
    const remove = emitter.on("historychange", (detail) => seen.push(detail));
    emitter.emit("historychange", { canUndo: true, canRedo: false });
    remove();
    emitter.emit("historychange", { canUndo: false, canRedo: false });
    expect(seen).toEqual([{ canUndo: true, canRedo: false }]);
  });

  it("off() removes a listener and clear() removes all", () => {
    const emitter = new Emitter();
    let count = 0;
    const listener = () => {
      count += 1;
    };
    emitter.on("change", listener);
    emitter.on("ready", listener);
    emitter.off("change", listener);
    emitter.emit("change", { kind: "moved", position: 0 });
    emitter.emit("ready", undefined);
    emitter.clear();
    emitter.emit("ready", undefined);
    expect(count).toBe(1);
  });

  it("a throwing listener does not stop the others; its error is reported, not swallowed", () => {
    const reported: unknown[] = [];
    const emitter = new Emitter((error) => reported.push(error));
    const calls: string[] = [];
    const failure = new Error("listener bug");
    emitter.on("change", () => {
      throw failure;
    });
    emitter.on("change", () => calls.push("second"));
    emitter.emit("change", { kind: "moved", position: 0 });
    expect(calls).toEqual(["second"]);
    expect(reported).toEqual([failure]);
  });
});
