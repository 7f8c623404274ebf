/** PNGs of the drawing for the backup, encoded in a worker (png-worker.ts) when the browser can. */
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import type { PngAnswer, PngRequest } from "./png-worker.ts";

/** Encodes the engine's drawing as it is now into a PNG. */
export type PngEncoder = (engine: DrawingEngine) => Promise<Blob>;

/** Far longer than an encode takes (tens of milliseconds on a slow phone). */
const WORKER_ANSWER_LIMIT_MS = 10_000;

function canEncodeInWorker(): boolean {
  return typeof Worker === "function" && typeof OffscreenCanvas === "function";
}

/**
 * An encoder that copies the drawing (an ImageBitmap: a copy of the pixels, no encoding) and has a worker
 * encode it, so the page's main thread does not spend its frames on it. Without workers or OffscreenCanvas,
 * or once the worker has failed, it falls back to the engine's own toBlob, so the backup keeps working.
 * `close` ends the worker.
 */
export function createPngEncoder(): { readonly encode: PngEncoder; readonly close: () => void } {
  let worker: Worker | null = null;
  let broken = !canEncodeInWorker();
  let nextId = 0;
  const pending = new Map<number, { resolve: (png: Blob) => void; reject: (error: Error) => void }>();

  const fail = (reason: string) => {
    broken = true;
    worker?.terminate();
    worker = null;
    for (const { reject } of pending.values()) reject(new Error(reason));
    pending.clear();
  };

  const started = (): Worker => {
    if (worker !== null) return worker;
    const created = new Worker(new URL("./png-worker.ts", import.meta.url), { type: "module" });
    created.onmessage = (event: MessageEvent<PngAnswer>) => {
      const answer = event.data;
      const waiting = pending.get(answer.id);
      pending.delete(answer.id);
      if ("png" in answer) waiting?.resolve(answer.png);
      else waiting?.reject(new Error(answer.error));
    };
    created.onerror = () => fail("the PNG worker could not run");
    worker = created;
    return created;
  };

  const inWorker = async (engine: DrawingEngine): Promise<Blob> => {
    const bitmap = await engine.toImageBitmap();
    const id = nextId++;
    const answered = new Promise<Blob>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      started().postMessage({ id, bitmap } satisfies PngRequest, [bitmap]);
    });
    // A worker that never answers must not hold the backup up for good: past the limit the page encodes.
    const timer = setTimeout(() => fail("the PNG worker did not answer"), WORKER_ANSWER_LIMIT_MS);
    return answered.finally(() => clearTimeout(timer));
  };

  let closed = false;
  const encode: PngEncoder = async (engine) => {
    if (broken) return engine.toBlob();
    try {
      return await inWorker(engine);
    } catch (error) {
      if (closed) throw error;
      console.warn("Fanvas: the drawing backup is encoded on the page from now on.", error);
      fail("the PNG worker failed");
      return engine.toBlob();
    }
  };

  const close = () => {
    closed = true;
    fail("the backup stopped");
  };
  return { encode, close };
}
