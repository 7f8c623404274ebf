/** Keeps the caption or sticker being edited in the browser, and opens it again after a reload. */
import { useEffect, useRef, useState } from "react";
import { windowTimers } from "../persistence/timers.ts";
import { createWriteScheduler, type WriteScheduler } from "../persistence/write-scheduler.ts";
import type { Caption } from "./caption/caption-layout.ts";
import { type EditingStore, type OpenEdit, openEditingStore } from "./editing-backup.ts";
import type { PlacedSticker } from "./stickers/use-sticker.ts";

/**
 * Wait after a change (a key typed, a drag step) before writing: a burst becomes one small write, and a
 * reload soon after the last change still finds it.
 */
const WRITE_DELAY_MS = 50;

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
  const [settled, setSettled] = useState(false);
  const latest = useRef<OpenEdit | null>(null);
  const scheduler = useRef<WriteScheduler | null>(null);
  const resumeRef = useRef(resume);
  resumeRef.current = resume;

  useEffect(() => {
    if (!ready) return;
    let stopped = false;
    let store: EditingStore | null = null;
    const start = async () => {
      store = await openEditingStore();
      if (store === null || stopped) return;
      const saved = await store.read().catch((error: unknown) => {
        warn(error);
        return null;
      });
      if (saved !== null && latest.current === null && !stopped) await resumeRef.current(saved);
      const opened = store;
      scheduler.current = createWriteScheduler({
        delayMs: WRITE_DELAY_MS,
        write: () => opened.write(latest.current),
        timers: windowTimers,
        onError: warn,
      });
    };
    void start().finally(() => !stopped && setSettled(true));
    const flushIfHidden = () => {
      if (document.visibilityState === "hidden") scheduler.current?.flush();
    };
    document.addEventListener("visibilitychange", flushIfHidden);
    return () => {
      stopped = true;
      document.removeEventListener("visibilitychange", flushIfHidden);
      scheduler.current?.dispose();
      scheduler.current = null;
      store?.close();
    };
  }, [ready]);

  useEffect(() => {
    latest.current = openEdit(caption, placed);
    if (settled) scheduler.current?.request();
  }, [caption, placed, settled]);
}
