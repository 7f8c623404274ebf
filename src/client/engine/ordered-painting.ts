/** Operations painted strictly in the order they came, each once its painter has what it needs. */
import type { Operation } from "../../common/drawing-document/types.ts";
import { type PainterTable, painterOf } from "./painter.ts";

/** What the queue asks of the engine. */
export interface OrderedPaintingHost {
  /** Whether painting must wait now (a stroke is being drawn: it goes into the log first). */
  held(): boolean;
  /** Paints `operation` and records it in the log. */
  paint(operation: Operation): void;
}

interface Waiting {
  readonly operation: Operation;
  readonly done: () => void;
  readonly failed: (error: unknown) => void;
  /** Its painter's preparation has resolved: it is painted even if `ready` still says no (a face that failed). */
  prepared: boolean;
}

/** Why an operation waiting to be painted never was. */
export class ReplacedError extends Error {
  constructor() {
    super("The picture was replaced before this operation could be painted.");
    this.name = "ReplacedError";
  }
}

/**
 * The order of the log is the order operations are painted in, so whatever waits (for its painter's font,
 * image or code, or for the stroke being drawn to end) holds up everything after it. An operation whose
 * painter is ready and that waits for nothing is painted at once, in the caller's task: a tool's result shows
 * in the frame it was asked for.
 */
export class OrderedPainting {
  readonly #painters: PainterTable;
  readonly #host: OrderedPaintingHost;
  #waiting: Waiting[] = [];
  #preparing = false;
  #last: Promise<void> = Promise.resolve();
  /** Counts dropAll calls: a preparation that began before one paints nothing. */
  #generation = 0;

  constructor(painters: PainterTable, host: OrderedPaintingHost) {
    this.#painters = painters;
    this.#host = host;
  }

  /** Queues `operation`; resolves once painted, rejects when its painter cannot get what it needs. */
  add(operation: Operation): Promise<void> {
    const painted = new Promise<void>((done, failed) => {
      this.#waiting.push({ operation, done, failed, prepared: false });
      this.resume();
    });
    this.#last = painted.catch(() => undefined);
    return painted;
  }

  /** Resolves once everything queued so far is painted (or given up). */
  settled(): Promise<void> {
    return this.#last;
  }

  /** Paints what can be painted now (call after whatever held it back has ended). */
  resume(): void {
    while (!this.#preparing && this.#waiting.length > 0 && !this.#host.held()) {
      const next = this.#waiting[0] as Waiting;
      const painter = painterOf(this.#painters, next.operation);
      if (!next.prepared && !painter.ready(next.operation)) {
        this.#prepare(next, painter.prepare(next.operation));
        return;
      }
      this.#waiting.shift();
      this.#host.paint(next.operation);
      next.done();
    }
  }

  /** Forgets everything waiting (the picture is being replaced); each one's promise rejects. */
  dropAll(): void {
    this.#generation += 1;
    this.#preparing = false;
    const dropped = this.#waiting;
    this.#waiting = [];
    for (const waiting of dropped) waiting.failed(new ReplacedError());
  }

  /** Gets what painting every one of `operations` needs; false (warned) when a painter cannot. */
  async prepareAll(operations: readonly Operation[]): Promise<boolean> {
    const preparing = operations
      .filter((operation) => !painterOf(this.#painters, operation).ready(operation))
      .map((operation) => painterOf(this.#painters, operation).prepare(operation));
    try {
      await Promise.all(preparing);
      return true;
    } catch (error) {
      console.warn("Fanvas: a part of the drawing (a font, a sticker) could not be loaded.", error);
      return false;
    }
  }

  #prepare(next: Waiting, preparing: Promise<void>): void {
    this.#preparing = true;
    const generation = this.#generation;
    preparing.then(
      () => {
        if (generation !== this.#generation) return;
        this.#preparing = false;
        next.prepared = true;
        this.resume();
      },
      (error: unknown) => {
        if (generation !== this.#generation) return;
        this.#preparing = false;
        this.#waiting.splice(this.#waiting.indexOf(next), 1);
        next.failed(error);
        this.resume();
      },
    );
  }
}
