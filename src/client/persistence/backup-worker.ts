/// <reference lib="webworker" />
/**
 * The backup's worker: keeps its own copy of the drawing, encodes it as a PNG and writes it to IndexedDB
 * (backup-mirror.ts). Chromium encodes an HTMLCanvasElement's toBlob PNG on the page's main thread (in idle
 * tasks, several milliseconds for the 600 x 600 drawing), and the backup writes after most strokes; here that
 * work, and the IndexedDB write, run beside the page instead of between its frames. The page sends only the
 * pixels that changed and hears back a word: written, or why not.
 */

import { type BackupAnswer, type BackupRequest, createBackupMirror } from "./backup-mirror.ts";
import { openBackupStore } from "./backup-store.ts";

const scope = self as unknown as DedicatedWorkerGlobalScope;

const handle = createBackupMirror({
  createCanvas: (size) => new OffscreenCanvas(size, size),
  openStore: openBackupStore,
});

scope.onmessage = async (event: MessageEvent<BackupRequest>) => {
  scope.postMessage((await handle(event.data)) satisfies BackupAnswer);
};
