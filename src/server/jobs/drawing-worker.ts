import type { Store } from "../store/open.ts";
import { reencodeJob } from "./reencode.ts";
import { type BackgroundWorker, startBackgroundWorker, type WorkerLog } from "./worker.ts";

/**
 * The worker over a store's drawings: resumes pending work at once, then wakes after every save.
 * A thumbnail job would join the kinds list here.
 */
export function startDrawingWorker(store: Store, log: WorkerLog): BackgroundWorker {
  const worker = startBackgroundWorker({ kinds: [reencodeJob(store.db, log)], log });
  const stopListening = store.pendingWork.listen(worker.wake);
  return {
    wake: worker.wake,
    drain: worker.drain,
    stop: async () => {
      stopListening();
      await worker.stop();
    },
  };
}
