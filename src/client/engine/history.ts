/**
 * Undo and redo as positions in the log of operations, over bitmap checkpoints. Free of any canvas (and of
 * the operations themselves, which the log keeps) so it can be tested with a fake bitmap.
 */

/**
 * What the canvas must do to show a state: restore `restore` (if any), then paint the log's operations
 * `from` .. `to` - 1 in order (none when from = to).
 */
export interface RestorePlan<B> {
  readonly restore: B | null;
  readonly from: number;
  readonly to: number;
}

/** Tuning of the history; the defaults are what the page uses. */
export interface HistoryOptions<B> {
  /** K: a checkpoint is kept every K operations, so an undo paints at most K - 1 of them again. */
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
 * The state at position p is the picture of the log's first p operations. The history knows the position
 * shown, the log's length (operations past the position are undone ones, which redo paints again) and the
 * lowest position undo may reach, its floor: the base bitmap it was given (the first display, a restored
 * picture), or the state older operations were folded into. A checkpoint is kept at the floor and every K
 * positions above it, so showing any state costs one bitmap restore and at most K - 1 operations painted,
 * however long the drawing is. Redo paints the one operation being redone on the current picture.
 *
 * Memory bound: at most `maxCheckpoints(K, N)` bitmaps (11 with the defaults K = 10, N = 100). A 600 x 600
 * RGBA checkpoint is 1.44 MB, so 11 x 1.44 MB = 15.8 MB at pixel ratio 1. At ratio r != 1 the engine's
 * checkpoints also hold the displayed bitmap, 1.44 MB x r^2 each; r is capped at 2, so the worst case is
 * 11 x 7.2 MB = 79 MB. The engine's Surface keeps at most one released checkpoint's canvases for reuse on top
 * of that (12 x 1.44 MB = 17.3 MB at ratio 1, 86 MB at worst); in steady drawing it holds none between
 * strokes, as the fold hands its checkpoint over just before the new one is taken.
 */
export class History<B> {
  readonly #interval: number;
  readonly #maxUndoSteps: number;
  readonly #dispose: (bitmap: B) => void;
  #floor: number;
  #position: number;
  #length: number;
  #checkpoints = new Map<number, B>();

  /** `base` is the bitmap of the state at `position` (the floor); the history owns it from now on. */
  constructor(base: B, position = 0, options: HistoryOptions<B> = {}) {
    this.#interval = Math.max(1, Math.floor(options.checkpointInterval ?? DEFAULT_CHECKPOINT_INTERVAL));
    this.#maxUndoSteps = Math.max(1, Math.floor(options.maxUndoSteps ?? DEFAULT_MAX_UNDO_STEPS));
    this.#dispose = options.dispose ?? (() => {});
    this.#floor = position;
    this.#position = position;
    this.#length = position;
    this.#checkpoints.set(position, base);
  }

  get canUndo(): boolean {
    return this.#position > this.#floor;
  }

  get canRedo(): boolean {
    return this.#position < this.#length;
  }

  /** The position shown: how many of the log's operations make the picture. */
  get position(): number {
    return this.#position;
  }

  /** The lowest position undo reaches. */
  get floor(): number {
    return this.#floor;
  }

  /** How many undos are available right now. */
  get undoDepth(): number {
    return this.#position - this.#floor;
  }

  /** How many redos are available right now. */
  get redoDepth(): number {
    return this.#length - this.#position;
  }

  /** How many checkpoint bitmaps are held. */
  get checkpointCount(): number {
    return this.#checkpoints.size;
  }

  /**
   * Records that the operation at the current position has just been painted (the log dropped its undone
   * operations and appended it there). `snapshot` is called (once) only when the new state needs a checkpoint,
   * and must copy the picture as it is now.
   */
  record(snapshot: () => B): void {
    this.#dropRedo();
    this.#position += 1;
    this.#length = this.#position;
    // Folding first (it moves the floor by K, so the new state's need of a checkpoint is unchanged) hands the
    // released checkpoint to `dispose` before `snapshot` runs, so a canvas pool can reuse it at once.
    if (this.#position - this.#floor >= this.#maxUndoSteps + this.#interval) this.#foldOldest();
    if ((this.#position - this.#floor) % this.#interval === 0)
      this.#checkpoints.set(this.#position, snapshot());
  }

  /** `count` operations past the position are in the log, undone: redo paints them again. */
  keepRedo(count: number): void {
    this.#dropRedo();
    this.#length = this.#position + Math.max(0, count);
  }

  /** Steps back one operation; null when there is nothing to undo. */
  undo(): RestorePlan<B> | null {
    if (!this.canUndo) return null;
    this.#position -= 1;
    return this.current();
  }

  /**
   * The current state again (one checkpoint restore and at most K - 1 operations): what the picture must show
   * when something painted on it is taken back without being recorded (a stroke cancelled by a second finger).
   */
  current(): RestorePlan<B> {
    const from = this.#position - ((this.#position - this.#floor) % this.#interval);
    const restore = this.#checkpoints.get(from);
    if (restore === undefined) throw new Error(`History invariant broken: no checkpoint for state ${from}`);
    return { restore, from, to: this.#position };
  }

  /** Steps forward one operation; null when there is nothing to redo. */
  redo(): RestorePlan<B> | null {
    if (!this.canRedo) return null;
    this.#position += 1;
    return { restore: null, from: this.#position - 1, to: this.#position };
  }

  /** Releases every checkpoint; the history must not be used afterwards. */
  dispose(): void {
    for (const bitmap of this.#checkpoints.values()) this.#dispose(bitmap);
    this.#checkpoints.clear();
    this.#length = this.#position;
  }

  #dropRedo(): void {
    if (!this.canRedo) return;
    for (const [state, bitmap] of this.#checkpoints) {
      if (state > this.#position) {
        this.#dispose(bitmap);
        this.#checkpoints.delete(state);
      }
    }
    this.#length = this.#position;
  }

  /** Gives up the oldest K undo steps: the checkpoint K above the floor becomes the new floor. */
  #foldOldest(): void {
    this.#floor += this.#interval;
    for (const [state, bitmap] of this.#checkpoints) {
      if (state < this.#floor) {
        this.#dispose(bitmap);
        this.#checkpoints.delete(state);
      }
    }
  }
}
