/// <reference lib="webworker" />
/**
 * The backup's worker: keeps its own copy of the drawing, and once the visitor rests encodes it as a PNG and
 * writes it to IndexedDB (backup-mirror.ts). Chromium encodes an HTMLCanvasElement's toBlob PNG on the page's
 * main thread (several milliseconds for the 600 x 600 drawing); here that work, the wait for a rest and the
 * IndexedDB write run beside the page instead of between its frames. The page tells what changed, as it
 * changes, and hears back a word per write: written, or why not.
 */

import type { PageMessage } from "./backup-messages.ts";
import { createBackupMirror } from "./backup-mirror.ts";
import { openBackupStore } from "./backup-store.ts";
import { windowTimers } from "./timers.ts";

const scope = self as unknown as DedicatedWorkerGlobalScope;

const receive = createBackupMirror({
  createCanvas: (size) => new OffscreenCanvas(size, size),
  openStore: openBackupStore,
  // The worker's own setTimeout and clearTimeout, which a worker has as a window does.
  timers: windowTimers,
  answer: (answer) => scope.postMessage(answer),
  now: () => Date.now(),
});

scope.onmessage = (event: MessageEvent<PageMessage>) => receive(event.data);
