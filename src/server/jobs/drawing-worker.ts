import { DEFAULT_BRANDING } from "../../common/config.ts";
import type { Store } from "../db/open.ts";
import { type CardStyle, cardStyleOf } from "../png/card.ts";
import { cardJob } from "./card.ts";
import { reencodeJob } from "./reencode.ts";
import { thumbnailJob } from "./thumbnail.ts";
import { type BackgroundWorker, startBackgroundWorker, type WorkerLog } from "./worker.ts";

/**
 * Under a steady stream of saves, one job still runs at least this often. A job (decoding and re-encoding a
 * drawing with sharp) takes a few hundred milliseconds of CPU on every core: at one a second it took a tenth of
 * the server's CPU during a burst of saves (server bench), at one every 5 s a fiftieth. The wall does not wait for
 * it: a missing thumbnail is made on demand.
 */
const MAX_WAIT_FOR_QUIET_MS = 5000;

/**
 * The worker over a store's drawings: resumes pending work at once, then wakes whenever a save in this
 * process adds a drawing (its event on the store's bus). Thumbnails come first: the wall shows them at once.
 * Re-encoding next, so a drawing's stored bytes settle soon after its save; then the link cards, which only a
 * shared link's preview asks for, and the card route makes one on demand before the job gets there.
 * `cardStyle` is what the cards show of the branding.
 */
export function startDrawingWorker(
  store: Store,
  log: WorkerLog,
  cardStyle: CardStyle = cardStyleOf(DEFAULT_BRANDING),
): BackgroundWorker {
  const worker = startBackgroundWorker({
    kinds: [thumbnailJob(store, log), reencodeJob(store, log), cardJob(store, log, cardStyle)],
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
