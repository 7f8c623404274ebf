import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { HttpError } from "../http/errors.ts";
import type { MakingVerdict } from "../making/check-making.ts";
import type {
  MakingToCheck,
  StopRequest,
  ValidationAnswer,
  ValidationRequest,
} from "./validation-messages.ts";
import { newPngWork, type PngWork } from "./work.ts";

// The event loop's side of the validation threads (png/validation-thread.ts says why they exist). One pool per
// process, started on first use: every server, test and bench in the process shares it.

/** One thread per core, at most four: validation is CPU work, more threads than cores only queue. */
const THREADS = Math.max(1, Math.min(4, availableParallelism()));

interface Pending {
  readonly work: PngWork;
  readonly resolve: (making: MakingVerdict | undefined) => void;
  readonly reject: (error: Error) => void;
}

interface ValidationThread {
  readonly worker: Worker;
  readonly pending: Map<number, Pending>;
}

const threads: ValidationThread[] = [];
let nextId = 1;

/**
 * Validates `bytes` on a validation thread and decodes `making`, when given, on another at the same time (on a
 * one-core machine the one thread takes them in turn): a save with its log then takes about as long as one without.
 * Resolves when checkDrawingPng (and checkMaking) pass, with where the making starts and its hash; rejects with the refusal
 * (the same HttpError, rebuilt here) otherwise, the picture's before the log's, as when they were checked in
 * turn. `work` receives the picture's thread's count of what it did.
 */
export async function validateOnThread(
  bytes: Buffer,
  work: PngWork,
  making?: MakingToCheck,
): Promise<MakingVerdict | undefined> {
  if (making === undefined) return post({ png: bytes }, work);
  const [picture, log] = await Promise.allSettled([
    post({ png: bytes }, work),
    post({ making }, newPngWork()),
  ]);
  if (picture.status === "rejected") throw picture.reason;
  if (log.status === "rejected") throw log.reason;
  return log.value;
}

/** Hands a picture or a log to the least busy thread. */
function post(
  upload: { readonly png?: Buffer; readonly making?: MakingToCheck | undefined },
  work: PngWork,
): Promise<MakingVerdict | undefined> {
  const thread = leastBusyThread();
  const id = nextId++;
  const [copy, transfer] = upload.png === undefined ? [undefined, []] : threadCopy(upload.png);
  const { making } = upload;
  const [makingCopy, makingTransfer] = making === undefined ? [undefined, []] : threadCopy(making.bytes);
  return new Promise<MakingVerdict | undefined>((resolve, reject) => {
    thread.pending.set(id, { work, resolve, reject });
    thread.worker.ref();
    const request: ValidationRequest = {
      id,
      ...(copy === undefined ? {} : { bytes: copy }),
      ...(making === undefined || makingCopy === undefined
        ? {}
        : { making: { ...making, bytes: makingCopy } }),
    };
    thread.worker.postMessage(request, [...transfer, ...makingTransfer]);
  });
}

/**
 * What to post so the thread gets a copy of exactly the upload's bytes while the caller keeps its Buffer (for
 * hashing and storing). Posting copies a view's whole ArrayBuffer: an upload that is its own ArrayBuffer (a
 * body Fastify put together) is posted as it is, and the copy is made straight into the thread's memory; a view
 * into a larger buffer is first copied out here and that copy moved, not copied again.
 */
function threadCopy(bytes: Uint8Array): [Uint8Array, ArrayBuffer[]] {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return [bytes, []];
  const copy = new Uint8Array(bytes);
  return [copy, [copy.buffer]];
}

function leastBusyThread(): ValidationThread {
  if (threads.length < THREADS) {
    const idle = threads.find((thread) => thread.pending.size === 0);
    return idle ?? startThread();
  }
  return threads.reduce((best, thread) => (thread.pending.size < best.pending.size ? thread : best));
}

function startThread(): ValidationThread {
  const worker = new Worker(new URL("./validation-thread.ts", import.meta.url));
  const thread: ValidationThread = { worker, pending: new Map() };
  threads.push(thread);
  worker.on("message", (answer: ValidationAnswer) => settle(thread, answer));
  worker.on("error", (error: Error) => stop(thread, `a validation thread failed: ${error.message}`));
  worker.on("exit", () => stop(thread, "a validation thread stopped"));
  // An idle pool must not keep a process (a test run, a CLI) alive.
  worker.unref();
  return thread;
}

function settle(thread: ValidationThread, answer: ValidationAnswer): void {
  const entry = thread.pending.get(answer.id);
  thread.pending.delete(answer.id);
  if (thread.pending.size === 0) thread.worker.unref();
  if (entry === undefined) return;
  Object.assign(entry.work, answer.work);
  if (answer.refusal !== undefined) {
    const { code, message, statusCode, imageRefused } = answer.refusal;
    entry.reject(new HttpError(statusCode, code, message, { imageRefused }));
  } else if (answer.failure !== undefined) {
    entry.reject(new Error(answer.failure));
  } else {
    entry.resolve(answer.making);
  }
}

/** A thread that died fails what it held; the next validation starts a new one in its place. */
function stop(thread: ValidationThread, reason: string): void {
  const index = threads.indexOf(thread);
  if (index !== -1) threads.splice(index, 1);
  for (const entry of thread.pending.values()) entry.reject(new Error(reason));
  thread.pending.clear();
}

/**
 * Ends every validation thread once it has answered what it holds now; what they are handed after this call
 * fails. The next validation after they have ended starts afresh. For tests.
 */
export async function stopValidationThreads(): Promise<void> {
  await Promise.all(
    threads.map(({ worker }) => {
      const exited = new Promise((resolve) => worker.once("exit", resolve));
      worker.postMessage({ stop: true } satisfies StopRequest);
      return exited;
    }),
  );
}
