import { describe, expect, it } from "vitest";
import type { Operation } from "../../common/drawing-document/types.ts";
import type { Checkpoint } from "./checkpoints.ts";
import { OperationLog } from "./operation-log.ts";

const FIRST_DISPLAY: Checkpoint = { background: null };

function fill(x: number): Operation {
  return { kind: "fill", author: 0, time: x, x, y: 0, colour: "#ff0000", tolerance: 8 };
}

const clear: Operation = { kind: "clear", author: 0, time: 0 };

function emptyLog(): OperationLog {
  const state = { start: { kind: "mascot" as const }, origin: 0, operations: [], position: 0 };
  return new OperationLog(state, FIRST_DISPLAY, 0, () => {});
}

describe("the engine's log of operations", () => {
  it("shows an operation while it makes the picture: not once undone or cleared away, again when redone", () => {
    const log = emptyLog();
    const caption = fill(2);
    log.append(fill(1), () => FIRST_DISPLAY);
    log.append(caption, () => FIRST_DISPLAY);
    log.append(fill(3), () => FIRST_DISPLAY);
    expect(log.shows(caption)).toBe(true);
    log.undo();
    log.undo();
    expect(log.shows(caption)).toBe(false);
    log.redo();
    expect(log.shows(caption)).toBe(true);
    log.append(clear, () => FIRST_DISPLAY);
    expect(log.shows(caption)).toBe(false);
    log.undo();
    expect(log.shows(caption)).toBe(true);
    expect(log.shows(fill(2))).toBe(false);
    while (log.undo() !== null);
    expect(log.shows(caption)).toBe(false);
  });

  it("is untouched at its start and after a Clear, and its document is what shows, undone operations left out", () => {
    const log = emptyLog();
    expect(log.isUntouched).toBe(true);
    const first = fill(1);
    log.append(first, () => FIRST_DISPLAY);
    expect(log.isUntouched).toBe(false);
    log.append(clear, () => FIRST_DISPLAY);
    expect(log.isUntouched).toBe(true);
    log.undo();
    expect(log.document()).toEqual({ start: { kind: "mascot" }, operations: [first] });
    expect(log.operations).toHaveLength(2);
    log.append(fill(5), () => FIRST_DISPLAY);
    expect(log.operations).toEqual([first, fill(5)]);
  });

  it("a picture restored without its making is not untouched and has no document", () => {
    const picture = { document: {}, display: null, displaySize: 600 } as unknown as Checkpoint;
    const log = new OperationLog(
      { start: null, origin: 0, operations: [], position: 0 },
      picture,
      0,
      () => {},
    );
    expect(log.isUntouched).toBe(false);
    expect(log.document()).toBeNull();
  });
});
