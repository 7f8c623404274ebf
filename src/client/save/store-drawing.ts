/** The page's save callback: every save goes through one durable queue per tab, which uploads and retries. */

import { remixIdIn } from "../../common/remix.ts";
import { saveClaims } from "../credit/save-claims.ts";
import { windowTimers } from "../timers/timers.ts";
import { openIdbQueueStorage } from "./idb-queue-storage.ts";
import { newIdempotencyKey } from "./idempotency-key.ts";
import { remixedIn } from "./making-start.ts";
import { createMemoryQueueStorage } from "./queue-storage.ts";
import type { SaveContext } from "./save-callback.ts";
import { createSaveQueue, type SaveProgress, type SaveQueue } from "./save-queue.ts";
import { findStoredPicture, pictureIdentity, rememberStoredPicture } from "./stored-pictures.ts";
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

/** A save on its way, by its picture: a later Save of the same picture follows it instead of queueing a copy. */
interface Sending {
  progress: SaveProgress;
  /** The latest Save's report: the status line follows the latest click. */
  report: (progress: SaveProgress) => void;
}
const sendingByPicture = new Map<string, Sending>();

/**
 * The page's save callback: queues the PNG bytes under a fresh Idempotency-Key (one per picture, reused by
 * every retry) and reports progress until the server has it. A picture this browser stored already (the same
 * PNG bytes: Save pressed again, an undo back to it, the picture a reload restored) is not stored again: the
 * report is that drawing, `alreadyStored`; one still on its way is followed.
 */
export async function storeDrawing({ png, report, making }: SaveContext): Promise<void> {
  // An identity that cannot be taken only means the picture is not compared: it is stored, as any new one.
  const picture = await pictureIdentity(png).catch(() => undefined);
  const stored = picture === undefined ? undefined : findStoredPicture(picture);
  if (stored !== undefined) return report({ kind: "saved", ...stored, alreadyStored: true });
  const sending = picture === undefined ? undefined : sendingByPicture.get(picture);
  if (sending !== undefined) {
    sending.report = report;
    return report(sending.progress);
  }
  const claims = saveClaims();
  // A name that breaks a rule stores nothing (the field says why): signed wrongly is worse than not saved yet.
  if ("problem" in claims) return report({ kind: "refused", message: claims.problem });
  const key = newIdempotencyKey();
  const follow: Sending = { progress: { kind: "saving" }, report };
  if (picture !== undefined) sendingByPicture.set(picture, follow);
  listeners.set(key, (progress) => {
    follow.progress = progress;
    if (picture !== undefined) remember(picture, progress);
    follow.report(progress);
  });
  // A remix says which drawing it remixes (its making starts from it); the server keeps the link while that one
  // is on the wall.
  await (await queue()).add(png, key, { remixOf: remixOf(making), ...claims }, making);
}

/** The drawing a save remixes: where its making starts, or without one the drawing the page's address names. */
function remixOf(making: Uint8Array | undefined): string | undefined {
  if (making === undefined) return remixIdIn(window.location.search) ?? undefined;
  return remixedIn(making);
}

/** A settled save's picture is no longer on its way; a stored one is known from now on. */
function remember(picture: string, progress: SaveProgress): void {
  if (progress.kind !== "saved" && progress.kind !== "refused") return;
  sendingByPicture.delete(picture);
  if (progress.kind === "saved" && progress.id !== undefined && progress.url !== undefined) {
    rememberStoredPicture(picture, {
      id: progress.id,
      url: progress.url,
      status: progress.status ?? "visible",
      name: progress.name ?? null,
      prompt: progress.prompt ?? null,
    });
  }
}
