/** The page's line to the backup's worker: posting writes, hearing failures, giving up on a silent worker. */
import type { WorkerAnswer, WriteMessage } from "./backup-messages.ts";
import type { Timers } from "./timers.ts";

/** The backup's worker as the page drives it: a real Worker, or a test's fake. */
export interface BackupWorker {
  postMessage(message: WriteMessage, transfer: Transferable[]): void;
  terminate(): void;
}

/** Starts a worker that calls `onAnswer` with each answer and `onFailure` when it cannot run. */
export type StartBackupWorker = (
  onAnswer: (answer: WorkerAnswer) => void,
  onFailure: () => void,
) => BackupWorker;

/**
 * How long the worker may take to prove it is alive (to store a write that asked for an answer): far longer
 * than a write takes, tens of milliseconds on a slow phone.
 */
export const WORKER_ANSWER_LIMIT_MS = 10_000;

/** The module worker of backup-worker.ts. */
export const startModuleWorker: StartBackupWorker = (onAnswer, onFailure) => {
  const worker = new Worker(new URL("./backup-worker.ts", import.meta.url), { type: "module" });
  worker.onmessage = (event: MessageEvent<WorkerAnswer>) => onAnswer(event.data);
  worker.onerror = onFailure;
  return worker;
};

/** What the channel is made with. */
export interface ChannelOptions {
  readonly startWorker: StartBackupWorker;
  readonly timers: Timers;
  /** The worker could not store a write (IndexedDB's failure); the worker is kept. */
  readonly onWriteFailed: (error: Error) => void;
  /** The worker cannot do the work (called once, never after close): the page must take the backup over. */
  readonly onBroken: (reason: string) => void;
}

/** A write as the writer hands it over, before the channel numbers it. */
export type WriteRequest = Omit<WriteMessage, "seq" | "ack">;

/** The channel's handle. */
export interface BackupChannel {
  /** Posts a write; pixels it carries are handed over, or freed when the channel cannot post. */
  post(request: WriteRequest, transfer: Transferable[]): void;
  /** True once the worker has failed or the channel was closed: posts are dropped. */
  readonly broken: boolean;
  /** Ends the worker, without calling onBroken. */
  close(): void;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function freePixels(request: WriteRequest): void {
  if (request.patch?.kind === "pixels") request.patch.bitmap.close();
}

/**
 * Starts the worker at the first post; posts are fire and forget. Every answer costs the page's main thread a
 * task, so the worker is asked for one only to prove it is alive, at most once per WORKER_ANSWER_LIMIT_MS: a
 * post with no watch running asks, and starts the watch; a worker that has not answered when the watch ends
 * is given up. Every way the worker can fail (it could not start or run, a post threw, it said it cannot work,
 * it went silent) ends it once, through onBroken.
 */
export function createBackupChannel(options: ChannelOptions): BackupChannel {
  const { timers } = options;
  let worker: BackupWorker | null = null;
  let broken = false;
  let posted = 0;
  /** The write whose answer the watch waits for, and whether it came. */
  let watched: { readonly seq: number; answered: boolean; readonly timer: unknown } | null = null;

  const end = (): void => {
    broken = true;
    worker?.terminate();
    worker = null;
    if (watched !== null) timers.clear(watched.timer);
    watched = null;
  };

  const fail = (reason: string): void => {
    if (broken) return;
    end();
    options.onBroken(reason);
  };

  const onAnswer = (answer: WorkerAnswer): void => {
    if (broken) return;
    if (answer.kind === "failed" && answer.failure === "worker") {
      fail(`the backup worker failed: ${answer.error}`);
      return;
    }
    if (watched !== null && answer.through >= watched.seq) watched.answered = true;
    if (answer.kind === "failed") options.onWriteFailed(new Error(answer.error));
  };

  const watch = (seq: number): void => {
    const timer = timers.set(() => {
      const answered = watched?.answered ?? true;
      watched = null;
      if (!answered) fail("the backup worker did not answer");
    }, WORKER_ANSWER_LIMIT_MS);
    watched = { seq, answered: false, timer };
  };

  return {
    post(request, transfer) {
      if (broken) {
        freePixels(request);
        return;
      }
      posted += 1;
      const ack = watched === null;
      try {
        worker ??= options.startWorker(onAnswer, () => fail("the backup worker could not run"));
        worker.postMessage({ ...request, seq: posted, ack }, transfer);
      } catch (error) {
        // Never transferred: the copy is still the page's to free.
        freePixels(request);
        fail(`the backup worker could not be used: ${messageOf(error)}`);
        return;
      }
      if (ack) watch(posted);
    },
    get broken() {
      return broken;
    },
    close: end,
  };
}
