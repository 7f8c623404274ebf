import { setImmediate as nextTurn } from "node:timers/promises";

/** One kind of background work on stored drawings: re-encoding now, thumbnails later. */
export interface JobKind {
  readonly name: string;
  /** Up to `limit` ids whose work of this kind is pending in the store, oldest first. */
  pending(limit: number): Promise<string[]>;
  /** Does the work for one drawing and records it done; throws only when the store fails. */
  run(id: string): Promise<void>;
}

/** The two levels the worker logs at; Fastify's (pino) logger fits. */
export interface WorkerLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** A single background worker over the store's pending work. */
export interface BackgroundWorker {
  /** Says new work may be pending (a save was committed); never waits. */
  wake(): void;
  /** Resolves once no job runs and none is known to be pending; tests await it instead of sleeping. */
  drain(): Promise<void>;
  /** Lets the job in progress finish, then stops; the rest stays pending in the store for the next start. */
  stop(): Promise<void>;
}

/** Options of the worker. */
export interface WorkerOptions {
  readonly kinds: readonly JobKind[];
  readonly log: WorkerLog;
  /** Resolves when a job may start: the worker runs in the gaps between saves. */
  readonly quiet?: () => Promise<void>;
  /** Ids held in memory at once: the queue bound. Everything else waits in the store. */
  readonly batchSize?: number;
}

const DEFAULT_BATCH_SIZE = 32;

/**
 * Starts a worker that runs one job at a time, yielding to the event loop between jobs. The work list
 * lives in the store (written with the drawing), so it starts by resuming whatever a previous process
 * left pending, and a kill at any moment loses nothing.
 */
export function startBackgroundWorker(options: WorkerOptions): BackgroundWorker {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  let wanted = false;
  let stopping = false;
  let loop: Promise<void> | undefined;

  const wake = () => {
    if (stopping) return;
    wanted = true;
    if (loop !== undefined) return;
    loop = runRounds().finally(() => {
      loop = undefined;
      // A wake that arrived after the last round looked, but before this line, must not be lost.
      if (wanted) wake();
    });
  };

  async function runRounds(): Promise<void> {
    let jobs = 0;
    while (wanted && !stopping) {
      wanted = false;
      try {
        jobs += await runRound();
      } catch (error) {
        // The store failed; the work stays pending and the next wake (or start) tries again.
        options.log.error({ err: error }, "background work failed; it stays pending");
        return;
      }
    }
    if (jobs > 0) options.log.info({ jobs }, "background work idle");
  }

  /** Runs every pending job of every kind; returns how many ran. */
  async function runRound(): Promise<number> {
    let jobs = 0;
    for (const kind of options.kinds) {
      for (let ids = await kind.pending(batchSize); ids.length > 0; ids = await kind.pending(batchSize)) {
        for (const id of ids) {
          await options.quiet?.();
          if (stopping) return jobs;
          await kind.run(id);
          jobs += 1;
          // Saves and image reads go first; the worker only fills the gaps.
          await nextTurn();
        }
      }
    }
    return jobs;
  }

  const drain = async () => {
    while (loop !== undefined) await loop;
  };

  wake();
  return {
    wake,
    drain,
    stop: async () => {
      stopping = true;
      await drain();
    },
  };
}
