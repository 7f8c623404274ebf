/// <reference lib="webworker" />
/**
 * The backup's worker: keeps its own copy of the drawing, encodes it as a PNG and writes it to IndexedDB
 * (backup-mirror.ts). Chromium encodes an HTMLCanvasElement's toBlob PNG on the page's main thread (several
 * milliseconds for the 600 x 600 drawing); here that work and the IndexedDB write run beside the page instead
 * of between its frames. The page posts what changed since its last write, and hears back only when it asks
 * (its proof that the worker is alive) or when a write failed.
 */

import type { WriteMessage } from "./backup-messages.ts";
import { createBackupMirror } from "./backup-mirror.ts";
import { openBackupStore } from "./backup-store.ts";

const scope = self as unknown as DedicatedWorkerGlobalScope;

const receive = createBackupMirror({
  createCanvas: (size) => new OffscreenCanvas(size, size),
  openStore: openBackupStore,
  answer: (answer) => scope.postMessage(answer),
});

scope.onmessage = (event: MessageEvent<WriteMessage>) => receive(event.data);
