/** Keeps the visitor's drawing in the browser as they draw and brings it back on load. */
import { remixIdIn } from "../../common/remix.ts";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import { remixMayReplace } from "../remix/remix-base.ts";
import { createBackupGate } from "./backup-gate.ts";
import { type BackupStore, openBackupStore } from "./backup-store.ts";
import { type BackupWriter, createBackupWriter } from "./backup-writer.ts";
import { windowTimers } from "./timers.ts";
import { createWriteScheduler } from "./write-scheduler.ts";

// What the tools' backup of an open caption or sticker shares with this one: it loads this chunk for them, so
// the bundler makes no chunk of its own for the shared modules (each chunk costs the first bundle its name).
export { BACKUP_LOCATION } from "./backup-store.ts";
export { openStoreDatabase, readStore, writeStore } from "./idb.ts";
export { createWriteScheduler, windowTimers };

/** How the restore attempt on load ended. */
export type RestoreOutcome =
  /** The saved drawing is on the canvas. */
  | "restored"
  /** No backup in this browser. */
  | "none"
  /** A backup exists but could not be decoded or drawn; it is left in place. */
  | "unreadable"
  /** No IndexedDB here: the page works without a backup. */
  | "unavailable";

/** Options of the backup. */
export interface DrawingBackupOptions {
  /** Called once when the restore attempt has finished, whatever its outcome. */
  readonly onRestoreSettled?: (outcome: RestoreOutcome) => void;
  /** The visitor changed the picture before this module was loaded (see use-drawing-engine.ts). */
  readonly changedBeforeStart?: boolean;
  /**
   * The mascot (see first-display.ts): the background again when the visitor keeps their own drawing rather
   * than the remix the engine shows. Without it, white.
   */
  readonly mascot?: Promise<CanvasImageSource | null>;
}

type Loaded =
  | {
      readonly store: BackupStore;
      readonly bitmap: ImageBitmap | null;
      readonly outcome: RestoreOutcome;
      /** The drawing the backup remixes (null for none). */
      readonly remixOf: string | null;
    }
  | { readonly store: null; readonly bitmap: null; readonly outcome: "unavailable"; readonly remixOf: null };

/**
 * Starts the backup of `engine`'s drawing; returns a function that stops it. Reading and decoding start at
 * once, alongside the mascot's load; the restore waits for the engine's first display ('ready'). Writes
 * answer 'change' only, and only after the restore attempt (see createBackupGate), so a blank, failed or
 * still-loading canvas never replaces a good backup. Two tabs share one backup: the last change wins.
 */
export function startDrawingBackup(engine: DrawingEngine, options: DrawingBackupOptions = {}): () => void {
  const gate = createBackupGate();
  if (options.changedBeforeStart) gate.change();
  let stopped = false;
  // Made once the restore attempt is over (the gate opens then); its first change sends the whole drawing.
  let writer: BackupWriter | null = null;

  const loaded = loadBackup();
  const listeners = [
    engine.on("change", (stroke) => {
      if (gate.change()) writer?.changed(stroke);
    }),
    engine.on("strokestart", () => writer?.strokeStarted()),
    // A new first display (a remix given up for the visitor's drawing) repaints everything, with no 'change'.
    engine.on("ready", () => writer?.repainted()),
  ];
  // A reload or a closed tab ends the worker with the page, and a phone may kill a hidden tab without warning:
  // the page writes the drawing itself before it goes (pagehide: where a browser does not tell it hidden first).
  const onHidden = (): void => {
    if (document.visibilityState === "hidden") writer?.keepNow();
  };
  const onPageHide = (): void => writer?.keepNow();
  document.addEventListener("visibilitychange", onHidden);
  window.addEventListener("pagehide", onPageHide);

  Promise.all([loaded, firstDisplay(engine)]).then(async ([loadedBackup]) => {
    const { store } = loadedBackup;
    let { bitmap, outcome } = loadedBackup;
    // On a remix page the engine shows the remix (one that failed to load is gone from the address by
    // 'ready'). A backup of this same remix (a reload) is restored over it without asking. A backup of another
    // drawing asks: the visitor starts the remix (the backup is not restored) or keeps their drawing (the
    // remix is forgotten and the drawing restored over the mascot, which Clear then comes back to).
    const remixId = remixIdIn(window.location.search);
    if (remixId !== null && bitmap !== null && loadedBackup.remixOf !== remixId) {
      const mascot = await (options.mascot ?? null);
      if (!stopped && remixMayReplace()) {
        bitmap.close();
        bitmap = null;
        outcome = "none";
      } else if (!stopped) engine.setBackground(mascot);
    }
    if (stopped) {
      bitmap?.close();
      store?.close();
      return;
    }
    const finalOutcome = bitmap === null ? outcome : restore(engine, bitmap);
    if (store !== null) {
      writer = createBackupWriter(engine, store, { remixOf: remixOfAddress() });
      if (gate.restoreSettled(finalOutcome === "restored")) writer.changed(null);
    }
    options.onRestoreSettled?.(finalOutcome);
  });

  return () => {
    stopped = true;
    gate.stop();
    writer?.close();
    for (const stopListening of listeners) stopListening();
    document.removeEventListener("visibilitychange", onHidden);
    window.removeEventListener("pagehide", onPageHide);
    void loaded.then(({ store }) => store?.close());
  };
}

/**
 * The drawing the page's address remixes, read as each change is told: a remix the visitor declined or that
 * failed to load is gone from the address. Parsed again only when the address has changed.
 */
function remixOfAddress(): () => string | null {
  let search: string | null = null;
  let remixOf: string | null = null;
  return () => {
    if (window.location.search !== search) {
      search = window.location.search;
      remixOf = remixIdIn(search);
    }
    return remixOf;
  };
}

/** Opens the store, reads the backup and decodes it; never rejects. */
async function loadBackup(): Promise<Loaded> {
  const store = await openBackupStore();
  if (store === null) return { store, bitmap: null, outcome: "unavailable", remixOf: null };
  try {
    const backup = await store.read();
    if (backup === null) return { store, bitmap: null, outcome: "none", remixOf: null };
    const bitmap = await createImageBitmap(backup.image);
    return { store, bitmap, outcome: "restored", remixOf: backup.remixOf };
  } catch (error) {
    console.warn(
      "Fanvas: the drawing backup could not be read; it is kept, and the page starts fresh.",
      error,
    );
    return { store, bitmap: null, outcome: "unreadable", remixOf: null };
  }
}

/** Resolves when the engine has painted its first display (mascot or white). */
function firstDisplay(engine: DrawingEngine): Promise<void> {
  if (engine.isReady) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = engine.on("ready", () => {
      stop();
      resolve();
    });
  });
}

function restore(engine: DrawingEngine, bitmap: ImageBitmap): RestoreOutcome {
  const restored = engine.restoreDrawing(bitmap);
  bitmap.close();
  if (restored) return "restored";
  console.warn("Fanvas: the drawing backup could not be drawn; it is kept, and the page starts fresh.");
  return "unreadable";
}
