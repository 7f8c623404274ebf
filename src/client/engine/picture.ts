/** The picture as the engine's log paints it: the first display, the log, painting, undo and redo. */
import { DRAWING_LIMITS } from "../../common/drawing-document/limits.ts";
import type { DrawingDocument, Operation, StartingPicture } from "../../common/drawing-document/types.ts";
import type { Checkpoint } from "./checkpoints.ts";
import type { RestorePlan } from "./history.ts";
import { type LogState, OperationLog } from "./operation-log.ts";
import { OrderedPainting } from "./ordered-painting.ts";
import { type PainterTable, type PaintSource, painterOf } from "./painter.ts";
import type { BuiltStroke } from "./stroke-builder.ts";
import type { Surface } from "./surface.ts";
import type { LogChange, OperationContent } from "./types.ts";

/** A saved log to show again: the log, and a picture of its first `index` operations to start from (or none). */
export interface SavedLog extends LogState {
  readonly picture: { readonly index: number; readonly image: CanvasImageSource } | null;
}

/** What the picture tells the engine and asks of it. */
export interface PictureHost {
  /** Whether painting must wait (a stroke is being drawn: it enters the log first). */
  readonly held: () => boolean;
  readonly changed: (change: LogChange) => void;
  readonly historyChanged: () => void;
}

/**
 * The log of operations over its first display, painted on the surface: each operation by its kind's
 * painter, in the log's order (OrderedPainting), with undo and redo along the log (OperationLog, History).
 */
export class Picture {
  readonly #surface: Surface;
  readonly #painters: PainterTable;
  readonly #host: PictureHost;
  readonly #ordered: OrderedPainting;
  readonly #source: PaintSource;
  #log: OperationLog | null = null;
  #background: CanvasImageSource | null = null;
  #memo = new WeakMap<Operation, unknown>();
  /** Counts first displays and restores: a restore begun before a later one paints nothing. */
  #generation = 0;
  /** The author slot this engine's own operations carry (0: a drawing made alone; a live room gives others). */
  author = 0;

  constructor(surface: Surface, painters: PainterTable, host: PictureHost) {
    this.#surface = surface;
    this.#painters = painters;
    this.#host = host;
    this.#ordered = new OrderedPainting(painters, {
      held: () => this.#log === null || host.held(),
      paint: (operation) => this.record(operation, true),
    });
    const picture = this;
    this.#source = {
      pixels: () => surface.getImageData(),
      get background() {
        return picture.#background;
      },
      get memo() {
        return picture.#memo;
      },
    };
  }

  /** The log (null before the first display). */
  get log(): OperationLog | null {
    return this.#log;
  }

  /** Paints the first display (`background` mirrored over white, or white) and begins a new log over it. */
  begin(background: CanvasImageSource | null, start: StartingPicture): void {
    this.#generation += 1;
    this.#ordered.dropAll();
    this.#background = background;
    this.#surface.paintBackground(background);
    this.#reset({ start, origin: Date.now(), operations: [], position: 0 }, this.#firstDisplay(), 0);
  }

  /**
   * Shows `saved` (see DrawingEngine.restore); `image` is its usable picture or null. `before` runs once the
   * painters are ready, just before anything is painted. False when a painter cannot get what it needs or
   * another first display or restore began meanwhile.
   */
  async restore(saved: SavedLog, image: CanvasImageSource | null, before: () => void): Promise<boolean> {
    const generation = ++this.#generation;
    const from = Math.min(image === null ? 0 : (saved.picture?.index ?? 0), saved.position);
    if (!(await this.#ordered.prepareAll(saved.operations.slice(from)))) return false;
    if (generation !== this.#generation || this.#log === null) return false;
    before();
    if (image !== null) this.#surface.paintDrawing(image);
    else this.#surface.paintBackground(this.#background);
    const log = this.#reset(saved, image === null ? this.#firstDisplay() : this.#surface.snapshot(), from);
    for (let index = from; index < Math.min(saved.position, saved.operations.length); index += 1) {
      this.#paint(log.at(index));
      log.replayed(() => this.#surface.snapshot());
    }
    log.keepUndone();
    this.#host.historyChanged();
    this.#ordered.resume();
    return true;
  }

  /** Queues `operation` to be painted and recorded in order (see OrderedPainting). */
  add(operation: Operation): Promise<void> {
    return this.#ordered.add(operation);
  }

  /** Resolves once every operation queued so far is painted (or given up). */
  settled(): Promise<void> {
    return this.#ordered.settled();
  }

  /** Stamps a tool's operation with this engine's author and the time now and queues it; returns it. */
  addOwn(content: OperationContent): Operation {
    const operation = { ...content, author: this.author, time: this.timeAt(Date.now()) } as Operation;
    this.add(operation).catch((error: unknown) =>
      console.warn(`Fanvas: the ${content.kind} could not be painted.`, error),
    );
    return operation;
  }

  /**
   * The live stroke ended (pressed at `pressedAt`, ms since the epoch): recorded, as it is painted already; null
   * when it was taken back unrecorded (its pixels go). Then what waited for it is painted.
   */
  strokeEnded(stroke: BuiltStroke | null, pressedAt: number): void {
    if (stroke !== null)
      this.record({ kind: "stroke", author: this.author, time: this.timeAt(pressedAt), ...stroke }, false);
    this.#ordered.resume();
  }

  /** The live stroke was taken back unrecorded: the current state is shown again. */
  strokeCancelled(): void {
    this.showCurrent();
    this.#ordered.resume();
  }

  /** Records `operation` in the log, painting it first unless it is on the picture already (a live stroke). */
  record(operation: Operation, paint: boolean): void {
    const log = this.#log;
    if (log === null) return;
    if (paint) this.#paint(operation);
    const index = log.append(operation, () => this.#surface.snapshot());
    this.#host.changed({ kind: "added", operation, index });
    this.#host.historyChanged();
  }

  /** Undoes (-1) or redoes (+1) one operation; false when there is none. */
  step(direction: -1 | 1): boolean {
    const log = this.#log;
    const plan = direction < 0 ? (log?.undo() ?? null) : (log?.redo() ?? null);
    if (plan === null || log === null) return false;
    this.#show(plan);
    this.#host.changed({ kind: "moved", position: log.position });
    this.#host.historyChanged();
    return true;
  }

  /** Shows the current state again (a stroke taken back unrecorded left its pixels). */
  showCurrent(): void {
    if (this.#log !== null) this.#show(this.#log.current());
  }

  /** The drawing as data; null before the first display or when its start is unknown. */
  document(): DrawingDocument | null {
    return this.#log?.document() ?? null;
  }

  /** An operation's time for a moment `at` (ms since the epoch): since the log began, in the format's range. */
  timeAt(at: number): number {
    const since = Math.round(at - (this.#log?.origin ?? at));
    return Math.min(DRAWING_LIMITS.documentMs, Math.max(0, since));
  }

  /** Releases the checkpoints and forgets what waits. */
  dispose(): void {
    this.#generation += 1;
    this.#ordered.dropAll();
    this.#log?.dispose();
    this.#log = null;
  }

  #paint(operation: Operation): void {
    this.#surface.paint(painterOf(this.#painters, operation), operation, this.#source);
  }

  /** Restores the plan's checkpoint and paints the log's operations it names on it. */
  #show(plan: RestorePlan<Checkpoint>): void {
    if (plan.restore !== null) this.#surface.restore(plan.restore);
    const log = this.#log as OperationLog;
    for (let index = plan.from; index < plan.to; index += 1) this.#paint(log.at(index));
  }

  /** The first display as the history keeps it: what paints it again, never a copy. */
  #firstDisplay(): Checkpoint {
    return { background: this.#background };
  }

  #reset(state: LogState, base: Checkpoint, floor: number): OperationLog {
    this.#log?.dispose();
    // What painters worked out holds for the operations before theirs, which have changed.
    this.#memo = new WeakMap();
    const surface = this.#surface;
    this.#log = new OperationLog(state, base, floor, (checkpoint) => surface.release(checkpoint));
    return this.#log;
  }
}
