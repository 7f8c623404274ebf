/** Keeps the caption or sticker being edited in the browser, and opens it again after a reload. */
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { Caption } from "./caption/caption-layout.ts";
import { type EditingBackup, type OpenEdit, openEditingBackup } from "./editing-backup.ts";
import type { PlacedSticker } from "./stickers/use-sticker.ts";

function openEdit(caption: Caption | null, placed: PlacedSticker | null): OpenEdit | null {
  if (caption !== null) return { kind: "caption", caption };
  if (placed === null) return null;
  const { id, name, src } = placed.entry;
  return { kind: "sticker", entry: { id, name, src }, placement: placed.placement };
}

function warn(error: unknown): void {
  console.warn("Fanvas: the caption or sticker being edited could not be kept for a reload.", error);
}

/**
 * Once the board is `ready`, reads what was open at the last visit and hands it to `resume` (unless
 * something is open already); from then on every change of the open `caption` or `placed` sticker is written
 * shortly after, at once when the page is hidden (a phone may kill a hidden tab), and placing or cancelling
 * removes the record: the drawing's own backup holds what was placed.
 */
export function useEditingBackup(
  ready: boolean,
  caption: Caption | null,
  placed: PlacedSticker | null,
  resume: (edit: OpenEdit) => Promise<void>,
): void {
  const [backup, setBackup] = useState<EditingBackup | null>(null);
  const latest = useRef<OpenEdit | null>(null);
  const resumeRef = useRef(resume);
  resumeRef.current = resume;

  useEffect(() => {
    if (!ready) return;
    let stopped = false;
    let opened: EditingBackup | null = null;
    const start = async () => {
      const backupOpened = await openEditingBackup(() => latest.current, warn);
      if (backupOpened === null) return;
      if (stopped) {
        backupOpened.close();
        return;
      }
      opened = backupOpened;
      const saved = await opened.read().catch((error: unknown) => {
        warn(error);
        return null;
      });
      if (saved !== null && latest.current === null && !stopped) await resumeRef.current(saved);
      if (stopped) return;
      setBackup(opened);
      // Nothing kept and nothing open: there is nothing to write (a write now would be an IndexedDB transaction
      // in the middle of the page's first load). Otherwise the record is brought in line with what is open.
      if (saved !== null || latest.current !== null) opened.request();
    };
    start().catch(warn);
    const flushIfHidden = () => {
      if (document.visibilityState === "hidden") opened?.flush();
    };
    const flush = () => opened?.flush();
    document.addEventListener("visibilitychange", flushIfHidden);
    // A reload or a closed tab: where a browser does not tell the page it is hidden first.
    window.addEventListener("pagehide", flush);
    return () => {
      stopped = true;
      document.removeEventListener("visibilitychange", flushIfHidden);
      window.removeEventListener("pagehide", flush);
      opened?.close();
      setBackup(null);
    };
  }, [ready]);

  // A layout effect: the latest edit is known before the browser can run anything else (a reload's pagehide,
  // whose flush writes it, may come straight after the key that changed it). Written on each change once the
  // backup is open; the backup itself writes what changed while it opened (above).
  const backupNow = useRef(backup);
  backupNow.current = backup;
  useLayoutEffect(() => {
    latest.current = openEdit(caption, placed);
    backupNow.current?.request();
  }, [caption, placed]);
}
