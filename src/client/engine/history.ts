import type { Stroke, ToolAction } from "./types.ts";

/** Something the visitor did that changes the picture and can be undone. */
export type Action =
  | { readonly kind: "stroke"; readonly stroke: Stroke }
  | { readonly kind: "clear" }
  | ToolAction;

/** What the canvas must do to show a history state: restore `restore` (if any), then replay `replay` in order. */
export interface RestorePlan<B> {
  readonly restore: B | null;
  readonly replay: readonly Action[];
}

/** Tuning of the history; the defaults are what the page uses. */
export interface HistoryOptions<B> {
  /** K: a checkpoint is kept every K actions, so an undo replays at most K - 1 actions. */
  readonly checkpointInterval?: number;
  /** N: at least this many undo steps stay available (at most N + K - 1 are kept). */
  readonly maxUndoSteps?: number;
  /** Called for every checkpoint the history lets go of, so its memory can be released at once. */
  readonly dispose?: (bitmap: B) => void;
}

const DEFAULT_CHECKPOINT_INTERVAL = 10;
const DEFAULT_MAX_UNDO_STEPS = 100;

/** The most checkpoints a history with these settings ever holds: states 0, K, 2K, ... up to N + K - 1 actions. */
export function maxCheckpoints(
  checkpointInterval: number = DEFAULT_CHECKPOINT_INTERVAL,
  maxUndoSteps: number = DEFAULT_MAX_UNDO_STEPS,
): number {
  return Math.floor((maxUndoSteps + checkpointInterval - 1) / checkpointInterval) + 1;
}

/**
 * Undo/redo bookkeeping over bitmap checkpoints, free of any canvas so it can be tested with a fake bitmap.
 *
 * State i is the picture after the first i kept actions; state 0 is the base checkpoint (the first display,
 * or the state older actions were folded into). A checkpoint of state i is kept for every i that is a
 * multiple of K, so showing any state costs one bitmap restore and at most K - 1 replayed actions, however
 * long the drawing is. Redo replays the one action being redone on the current picture.
 *
 * Memory bound: at most `maxCheckpoints(K, N)` bitmaps (11 with the defaults K = 10, N = 100) plus the
 * actions themselves (N + K - 1 = 109 strokes at most, some 40 bytes a point). A 600 x 600 RGBA checkpoint is
 * 1.44 MB, so 11 x 1.44 MB = 15.8 MB at pixel ratio 1. At ratio r != 1 the engine's checkpoints also hold
 * the displayed bitmap, 1.44 MB x r^2 each; r is capped at 2, so the worst case is 11 x 7.2 MB = 79 MB.
 * The engine's Surface keeps at most one released checkpoint's canvases for reuse on top of that (12 x 1.44
 * MB = 17.3 MB at ratio 1, 86 MB at worst); in steady drawing it holds none between strokes, as the fold
 * hands its checkpoint over just before the new one is taken.
 */
export class History<B> {
  readonly #interval: number;
  readonly #maxUndoSteps: number;
  readonly #dispose: (bitmap: B) => void;
  #actions: Action[] = [];
  #position = 0;
  #checkpoints = new Map<number, B>();
  /** The action that made the base state: null for the bitmap the history was given, else the last folded one. */
  #baseAction: Action | null = null;

  /** `base` is the bitmap of state 0; the history owns it from now on. */
  constructor(base: B, options: HistoryOptions<B> = {}) {
    this.#interval = Math.max(1, Math.floor(options.checkpointInterval ?? DEFAULT_CHECKPOINT_INTERVAL));
    this.#maxUndoSteps = Math.max(1, Math.floor(options.maxUndoSteps ?? DEFAULT_MAX_UNDO_STEPS));
    this.#dispose = options.dispose ?? (() => {});
    this.#checkpoints.set(0, base);
  }

  get canUndo(): boolean {
    return this.#position > 0;
  }

  get canRedo(): boolean {
    return this.#position < this.#actions.length;
  }

  /** How many undos are available right now. */
  get undoDepth(): number {
    return this.#position;
  }

  /** How many redos are available right now. */
  get redoDepth(): number {
    return this.#actions.length - this.#position;
  }

  /** The action that made the picture of the current state; null for the bitmap the history was given. */
  get currentAction(): Action | null {
    return this.#position > 0 ? (this.#actions[this.#position - 1] ?? null) : this.#baseAction;
  }

  /**
   * Whether `action` is one of those that made the current picture with no Clear after it: applied and not
   * undone. An action folded into the base is no longer known, and counts as not.
   */
  holds(action: Action): boolean {
    const index = this.#actions.lastIndexOf(action);
    if (index < 0 || index >= this.#position) return false;
    return !this.#actions.slice(index + 1, this.#position).some((later) => later.kind === "clear");
  }

  /** How many checkpoint bitmaps are held. */
  get checkpointCount(): number {
    return this.#checkpoints.size;
  }

  /**
   * Records an action that has just been painted. Redo is no longer possible afterwards. `snapshot` is
   * called (once) only when the new state needs a checkpoint, and must copy the picture as it is now.
   */
  record(action: Action, snapshot: () => B): void {
    this.#dropRedo();
    this.#actions.push(action);
    this.#position += 1;
    // Folding first (it shifts states by K, so the new state's need of a checkpoint is unchanged) hands the
    // released checkpoint to `dispose` before `snapshot` runs, so a canvas pool can reuse it at once.
    if (this.#actions.length >= this.#maxUndoSteps + this.#interval) this.#foldOldest();
    if (this.#position % this.#interval === 0) this.#checkpoints.set(this.#position, snapshot());
  }

  /** Steps back one action; null when there is nothing to undo. */
  undo(): RestorePlan<B> | null {
    if (!this.canUndo) return null;
    this.#position -= 1;
    return this.current();
  }

  /**
   * The current state again (one checkpoint restore and at most K - 1 replays): what the picture must show
   * when something painted on it is taken back without being recorded (a stroke cancelled by a second finger).
   */
  current(): RestorePlan<B> {
    const checkpointAt = this.#position - (this.#position % this.#interval);
    const restore = this.#checkpoints.get(checkpointAt);
    if (restore === undefined)
      throw new Error(`History invariant broken: no checkpoint for state ${checkpointAt}`);
    return { restore, replay: this.#actions.slice(checkpointAt, this.#position) };
  }

  /** Steps forward one action; null when there is nothing to redo. */
  redo(): RestorePlan<B> | null {
    const action = this.#actions[this.#position];
    if (action === undefined) return null;
    this.#position += 1;
    return { restore: null, replay: [action] };
  }

  /** Releases every checkpoint; the history must not be used afterwards. */
  dispose(): void {
    for (const bitmap of this.#checkpoints.values()) this.#dispose(bitmap);
    this.#checkpoints.clear();
    this.#actions = [];
    this.#position = 0;
  }

  #dropRedo(): void {
    if (!this.canRedo) return;
    for (const [state, bitmap] of this.#checkpoints) {
      if (state > this.#position) {
        this.#dispose(bitmap);
        this.#checkpoints.delete(state);
      }
    }
    this.#actions.length = this.#position;
  }

  /** Forgets the oldest K actions: the checkpoint of state K becomes the new base. */
  #foldOldest(): void {
    const shift = this.#interval;
    const shifted = new Map<number, B>();
    for (const [state, bitmap] of this.#checkpoints) {
      if (state < shift) this.#dispose(bitmap);
      else shifted.set(state - shift, bitmap);
    }
    this.#checkpoints = shifted;
    this.#baseAction = this.#actions[shift - 1] ?? this.#baseAction;
    this.#actions.splice(0, shift);
    this.#position -= shift;
  }
}
