import type { Store } from "../db/open.ts";
import { reencodeJob } from "./reencode.ts";
import { thumbnailJob } from "./thumbnail.ts";
import { type BackgroundWorker, startBackgroundWorker, type WorkerLog } from "./worker.ts";

/** Under a steady stream of saves, one job still runs at least this often. */
const MAX_WAIT_FOR_QUIET_MS = 1000;

/**
 * The worker over a store's drawings: resumes pending work at once, then wakes whenever a save in this
 * process adds a drawing (its event on the store's bus). Thumbnails come first: the wall shows them, while
 * re-encoding only saves bytes.
 */
export function startDrawingWorker(store: Store, log: WorkerLog): BackgroundWorker {
  const worker = startBackgroundWorker({
    kinds: [thumbnailJob(store, log), reencodeJob(store, log)],
    log,
    quiet: () => store.savesInFlight.quiet(MAX_WAIT_FOR_QUIET_MS),
  });
  // Another process's save is that process's work: its own worker does it.
  const stopListening = store.events.subscribe((event) => {
    if (event.type === "added" && event.remote !== true) worker.wake();
  });
  return {
    wake: worker.wake,
    drain: worker.drain,
    stop: async () => {
      stopListening();
      await worker.stop();
    },
  };
}
