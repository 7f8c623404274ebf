/** The page's save callback: every save goes through one durable queue per tab, which uploads and retries. */

import { remixIdIn } from "../../common/remix.ts";
import { windowTimers } from "../persistence/timers.ts";
import { openIdbQueueStorage } from "./idb-queue-storage.ts";
import { newIdempotencyKey } from "./idempotency-key.ts";
import { createMemoryQueueStorage } from "./queue-storage.ts";
import type { SaveContext } from "./save-callback.ts";
import { createSaveQueue, type SaveProgress, type SaveQueue } from "./save-queue.ts";
import { prepareDrawingSender, sendDrawing } from "./supabase/send-drawing.ts";

let pageQueue: Promise<SaveQueue> | null = null;
/** Who hears about each save of this tab, by its key; saves left by an earlier visit have nobody. */
const listeners = new Map<string, (progress: SaveProgress) => void>();

function queue(): Promise<SaveQueue> {
  pageQueue ??= openPageQueue();
  return pageQueue;
}

async function openPageQueue(): Promise<SaveQueue> {
  const storage = (await openIdbQueueStorage()) ?? createMemoryQueueStorage();
  const opened = createSaveQueue({
    storage,
    send: sendDrawing,
    timers: windowTimers,
    onProgress: (key, progress) => {
      listeners.get(key)?.(progress);
      if (progress.kind === "saved" || progress.kind === "refused") listeners.delete(key);
    },
  });
  // Back online is the best moment to try; the backoff timer covers a server that comes back by itself.
  window.addEventListener("online", () => void opened.wake());
  void opened.wake();
  return opened;
}

/**
 * Opens the save queue and sends what an earlier visit left in it (a save made offline or while the server was
 * down). Call once when the page loads; calling again does nothing more.
 */
export function startSaveQueue(): void {
  prepareDrawingSender();
  void queue();
}

/**
 * The page's save callback: queues the PNG bytes under a fresh Idempotency-Key (one per Save click, reused by
 * every retry) and reports progress until the server has it. The data URL is the spec's; the bytes in `png`
 * are the same image, so nothing is decoded.
 */
export async function storeDrawing(_pngDataUrl: string, { png, report }: SaveContext): Promise<void> {
  const key = newIdempotencyKey();
  listeners.set(key, report);
  // A remix says which drawing it remixes; the server keeps the link while that one is on the wall.
  await (await queue()).add(png, key, remixIdIn(window.location.search) ?? undefined);
}
