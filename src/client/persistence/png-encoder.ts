/** PNGs of the drawing for the backup, encoded in a worker (png-worker.ts) when the browser can. */
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import type { PngAnswer, PngRequest } from "./png-worker.ts";
import { type Timers, windowTimers } from "./timers.ts";

/** What the encoder needs of the engine: a copy of its pixels, and its own PNG for the fallback. */
export type PngSource = Pick<DrawingEngine, "toImageBitmap" | "toBlob">;

/** Encodes the engine's drawing as it is now into a PNG. */
export type PngEncoder = (engine: PngSource) => Promise<Blob>;

/** The encoding worker as the encoder drives it: a real Worker, or a test's fake. */
export interface PngWorker {
  postMessage(request: PngRequest, transfer: Transferable[]): void;
  terminate(): void;
}

/** Starts a worker that calls `onAnswer` with each answer and `onFailure` when it cannot run. */
export type StartPngWorker = (onAnswer: (answer: PngAnswer) => void, onFailure: () => void) => PngWorker;

/** The encoder's seams; the page uses the defaults, tests pass fakes. */
export interface PngEncoderOptions {
  readonly startWorker?: StartPngWorker;
  readonly timers?: Timers;
  /** False when the browser has no Worker or no OffscreenCanvas: every PNG is the engine's own. */
  readonly canUseWorker?: boolean;
}

/** Logged once, when the worker fails and the page's main thread takes the encoding over. */
export const WORKER_FALLBACK_WARNING = "Fanvas: the drawing backup is encoded on the page from now on.";

/** Far longer than an encode takes (tens of milliseconds on a slow phone). */
export const WORKER_ANSWER_LIMIT_MS = 10_000;

const startModuleWorker: StartPngWorker = (onAnswer, onFailure) => {
  const worker = new Worker(new URL("./png-worker.ts", import.meta.url), { type: "module" });
  worker.onmessage = (event: MessageEvent<PngAnswer>) => onAnswer(event.data);
  worker.onerror = onFailure;
  return worker;
};

function canEncodeInWorker(): boolean {
  return typeof Worker === "function" && typeof OffscreenCanvas === "function";
}

interface InFlight {
  readonly resolve: (png: Blob) => void;
  readonly reject: (error: Error) => void;
  readonly timer: unknown;
}

/**
 * An encoder that copies the drawing (an ImageBitmap: a copy of the pixels, no encoding) and has a worker
 * encode it, so the page's main thread does not spend its frames on it. Without workers or OffscreenCanvas,
 * or once the worker has failed, it falls back to the engine's own toBlob, so the backup keeps working.
 * One encode at a time (the backup's write scheduler runs one write at a time). `close` ends the worker.
 */
export function createPngEncoder(options: PngEncoderOptions = {}): {
  readonly encode: PngEncoder;
  readonly close: () => void;
} {
  const { startWorker = startModuleWorker, timers = windowTimers } = options;
  let worker: PngWorker | null = null;
  let broken = !(options.canUseWorker ?? canEncodeInWorker());
  let closed = false;
  let inFlight: InFlight | null = null;

  const finish = (): InFlight | null => {
    const finished = inFlight;
    inFlight = null;
    if (finished !== null) timers.clear(finished.timer);
    return finished;
  };

  // Every way the worker can fail ends here, once: later encodes go straight to the engine's toBlob.
  const fail = (reason: string): void => {
    if (broken) return;
    broken = true;
    worker?.terminate();
    worker = null;
    if (!closed) console.warn(WORKER_FALLBACK_WARNING, reason);
    finish()?.reject(new Error(reason));
  };

  const onAnswer = (answer: PngAnswer): void => {
    if ("png" in answer) finish()?.resolve(answer.png);
    else fail(`the PNG worker could not encode: ${answer.error}`);
  };

  const inWorker = (bitmap: ImageBitmap): Promise<Blob> =>
    new Promise<Blob>((resolve, reject) => {
      // A worker that never answers must not hold the backup up for good: past the limit the page encodes.
      const timer = timers.set(() => fail("the PNG worker did not answer"), WORKER_ANSWER_LIMIT_MS);
      inFlight = { resolve, reject, timer };
      try {
        worker ??= startWorker(onAnswer, () => fail("the PNG worker could not run"));
        worker.postMessage({ bitmap } satisfies PngRequest, [bitmap]);
      } catch (error) {
        bitmap.close(); // never transferred: nobody else will free it
        fail(`the PNG worker could not be used: ${error instanceof Error ? error.message : String(error)}`);
      }
    });

  const encode: PngEncoder = async (engine) => {
    if (broken) return engine.toBlob();
    // A drawing that could not be copied says nothing about the worker: this once the page encodes it.
    const bitmap = await engine.toImageBitmap().catch(() => null);
    if (closed) {
      bitmap?.close();
      throw new Error("the backup stopped");
    }
    if (bitmap === null || broken) {
      bitmap?.close();
      return engine.toBlob();
    }
    try {
      return await inWorker(bitmap);
    } catch (error) {
      if (closed) throw error;
      return engine.toBlob();
    }
  };

  const close = (): void => {
    closed = true;
    fail("the backup stopped");
  };
  return { encode, close };
}
