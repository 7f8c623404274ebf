/**
 * The browser backup (IndexedDB, encoding, the write scheduler) is loaded beside the drawing tool rather than
 * inside its first bundle; the download runs in parallel with the mascot's, which the restore waits for anyway.
 * A change the visitor makes before the module arrives is remembered and handed over, so it is still written.
 */
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import type { DrawingBackupOptions } from "./drawing-backup.ts";

/** Starts the backup of `engine` as soon as its module has loaded; returns a function that stops it. */
export function startDrawingBackupSoon(
  engine: DrawingEngine,
  options: DrawingBackupOptions = {},
): () => void {
  let changedBeforeStart = false;
  let stopBackup: (() => void) | null = null;
  let cancelled = false;
  const stopEarlyListener = engine.on("change", () => {
    changedBeforeStart = true;
  });
  import("./drawing-backup.ts").then(
    ({ startDrawingBackup }) => {
      stopEarlyListener();
      if (cancelled) return;
      stopBackup = startDrawingBackup(engine, { ...options, changedBeforeStart });
    },
    (error: unknown) => {
      stopEarlyListener();
      console.warn("Fanvas: the drawing backup could not be loaded; the page works without it.", error);
      options.onRestoreSettled?.("unavailable");
    },
  );
  return () => {
    cancelled = true;
    stopEarlyListener();
    stopBackup?.();
  };
}
