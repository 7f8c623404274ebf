/** The drawing as the engine holds it: where it started, every operation in order, and which ones show. */
import type { DrawingDocument, Operation, StartingPicture } from "../../common/drawing-document/types.ts";
import type { Checkpoint } from "./checkpoints.ts";
import { History, type RestorePlan } from "./history.ts";

/** A log as a restore or a replay gives it to the engine. */
export interface LogState {
  /** What the log's first operation was painted over; null when only a picture of it is known (see below). */
  readonly start: StartingPicture | null;
  /** When the log began, ms since the epoch: an operation's time counts from it. */
  readonly origin: number;
  /** Every operation, undone ones after `position` included. */
  readonly operations: readonly Operation[];
  /** How many of them make the picture. */
  readonly position: number;
}

/**
 * The log of operations and the history over it. The picture is its first `position` operations painted
 * over its start; later ones were undone and are painted again by redo, until a new operation replaces them.
 * Undo reaches down to the history's floor: the picture it was given (the start, or a restored picture of
 * the first `floor` operations), or where it folded older states away (see History).
 */
export class OperationLog {
  readonly start: StartingPicture | null;
  readonly origin: number;
  readonly #operations: Operation[];
  readonly #history: History<Checkpoint>;
  /** Whether the picture at the floor is the start itself (the first display), not a restored picture. */
  readonly #baseIsStart: boolean;

  /**
   * A log whose picture at `floor` is `base` (it must show `state`'s first `floor` operations over its start,
   * and `floor` <= state.position); the caller paints operations floor .. position - 1 and records each with
   * `replayed`, then calls keepUndone: the log is then as `state` says.
   */
  constructor(state: LogState, base: Checkpoint, floor: number, dispose: (checkpoint: Checkpoint) => void) {
    this.start = state.start;
    this.origin = state.origin;
    this.#operations = state.operations.slice();
    this.#history = new History<Checkpoint>(base, floor, { dispose });
    this.#baseIsStart = floor === 0 && !("document" in base);
  }

  /** Every operation in the log, undone ones included (the log keeps them for redo). */
  get operations(): readonly Operation[] {
    return this.#operations;
  }

  /** How many operations make the picture. */
  get position(): number {
    return this.#history.position;
  }

  get canUndo(): boolean {
    return this.#history.canUndo;
  }

  get canRedo(): boolean {
    return this.#history.canRedo;
  }

  /** The operation at `index` (painting a plan's range). */
  at(index: number): Operation {
    const operation = this.#operations[index];
    if (operation === undefined) throw new Error(`The log has no operation ${index}`);
    return operation;
  }

  /**
   * Records `operation`, just painted on the current picture, as the log's next (undone operations after the
   * position are dropped). `snapshot` copies the picture when the history keeps a checkpoint of the new state.
   */
  append(operation: Operation, snapshot: () => Checkpoint): number {
    const index = this.#history.position;
    this.#operations.length = index;
    this.#operations.push(operation);
    this.#history.record(snapshot);
    return index;
  }

  /** Records that the operation at the position, already in the log, was painted again (a restore's replay). */
  replayed(snapshot: () => Checkpoint): void {
    this.#history.record(snapshot);
  }

  /** The restore's replay is done: the operations after the position are the undone ones redo paints again. */
  keepUndone(): void {
    this.#history.keepRedo(this.#operations.length - this.#history.position);
  }

  undo(): RestorePlan<Checkpoint> | null {
    return this.#history.undo();
  }

  redo(): RestorePlan<Checkpoint> | null {
    return this.#history.redo();
  }

  /** The current state again (see History.current). */
  current(): RestorePlan<Checkpoint> {
    return this.#history.current();
  }

  /** Whether `operation` helps make the picture now: in the log, not undone, not cleared away since. */
  shows(operation: Operation): boolean {
    const position = this.#history.position;
    // lastIndexOf counts a negative start from the end: nothing shows at position 0.
    const index = position === 0 ? -1 : this.#operations.lastIndexOf(operation, position - 1);
    if (index < 0) return false;
    for (let later = index + 1; later < position; later += 1)
      if (this.#operations[later]?.kind === "clear") return false;
    return true;
  }

  /** True while the picture is the start (nothing done since it, or since a Clear); a restored picture is not. */
  get isUntouched(): boolean {
    const position = this.#history.position;
    if (position === 0) return this.#baseIsStart;
    return this.#operations[position - 1]?.kind === "clear";
  }

  /** The picture as data: its start and the operations that make it; null when its start is not known. */
  document(): DrawingDocument | null {
    if (this.start === null) return null;
    return { start: this.start, operations: this.#operations.slice(0, this.#history.position) };
  }

  /** Releases every checkpoint; the log must not be used afterwards. */
  dispose(): void {
    this.#history.dispose();
  }
}
