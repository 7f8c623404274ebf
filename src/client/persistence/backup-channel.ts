/** The page's line to the backup's worker: posting changes in order, hearing answers, giving up on silence. */
import type { Change, PageMessage, WorkerAnswer } from "./backup-messages.ts";
import type { Timers } from "./timers.ts";

/** The backup's worker as the page drives it: a real Worker, or a test's fake. */
export interface BackupWorker {
  postMessage(message: PageMessage, transfer: Transferable[]): void;
  terminate(): void;
}

/** Starts a worker that calls `onAnswer` with each answer and `onFailure` when it cannot run. */
export type StartBackupWorker = (
  onAnswer: (answer: WorkerAnswer) => void,
  onFailure: () => void,
) => BackupWorker;

/**
 * How long the worker may leave a change unanswered: far longer than its wait (BACKUP_MAX_WAIT_MS) and a write
 * (tens of milliseconds on a slow phone) take together.
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
  /** The drawing the visitor remixes, read as each change is posted. */
  readonly remixOf: () => string | null;
  /** The worker could not store a write (IndexedDB's failure); the worker is kept. */
  readonly onWriteFailed: (error: Error) => void;
  /** The worker cannot do the work (called once, never after close): the page must take the backup over. */
  readonly onBroken: (reason: string) => void;
}

/** The channel's handle. */
export interface BackupChannel {
  /** Posts a change; pixels it carries are handed over, or freed when the channel cannot post. */
  post(change: Change, transfer: Transferable[]): void;
  /** Asks the worker to write now, when any change is still unanswered. */
  flush(): void;
  /** True once the worker has failed or the channel was closed: posts are dropped. */
  readonly broken: boolean;
  /** Ends the worker, without calling onBroken. */
  close(): void;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function freePixels(message: PageMessage): void {
  if (message.kind === "pixels") message.bitmap.close();
}

/**
 * Starts the worker at the first post. Each change gets the next `seq`; the worker answers once per write,
 * through the last change it held. While any change is unanswered a watchdog runs (one timer, not one per
 * change): a worker silent for WORKER_ANSWER_LIMIT_MS past a change is given up. Every way the worker can fail
 * (it could not start or run, a post threw, it said it cannot work, it went silent) ends it once, through
 * onBroken.
 */
export function createBackupChannel(options: ChannelOptions): BackupChannel {
  const { timers } = options;
  let worker: BackupWorker | null = null;
  let broken = false;
  let posted = 0;
  let answered = 0;
  let watchdog: unknown = null;

  const end = (): void => {
    broken = true;
    worker?.terminate();
    worker = null;
    if (watchdog !== null) timers.clear(watchdog);
    watchdog = null;
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
    answered = Math.max(answered, answer.through);
    if (answer.kind === "failed") options.onWriteFailed(new Error(answer.error));
  };

  const watch = (): void => {
    const expected = posted;
    watchdog = timers.set(() => {
      watchdog = null;
      if (answered < expected) fail("the backup worker did not answer");
      else if (answered < posted) watch();
    }, WORKER_ANSWER_LIMIT_MS);
  };

  const send = (message: PageMessage, transfer: Transferable[]): void => {
    if (broken) {
      freePixels(message);
      return;
    }
    try {
      worker ??= options.startWorker(onAnswer, () => fail("the backup worker could not run"));
      worker.postMessage(message, transfer);
    } catch (error) {
      // Never transferred: the copy is still the page's to free.
      freePixels(message);
      fail(`the backup worker could not be used: ${messageOf(error)}`);
      return;
    }
    if (message.kind !== "flush" && watchdog === null) watch();
  };

  return {
    post(change, transfer) {
      if (!broken) posted += 1;
      send({ ...change, seq: posted, remixOf: options.remixOf() }, transfer);
    },
    flush() {
      if (posted > answered) send({ kind: "flush" }, []);
    },
    get broken() {
      return broken;
    },
    close: end,
  };
}
