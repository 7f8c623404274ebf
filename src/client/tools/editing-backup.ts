/**
 * The caption or sticker being edited and not placed yet, kept in the browser beside the drawing's backup
 * (same database and store, its own key), so a reload brings it back to finish rather than losing it or
 * baking a half-typed caption into a drawing whose restored base cannot be undone.
 */
import { lazyChunk } from "../lazy/lazy-chunk.ts";
import type { Caption, CaptionPlace } from "./caption/caption-layout.ts";
import type { StickerEntry } from "./stickers/catalogue.ts";
import type { StickerPlacement } from "./stickers/sticker-transform.ts";

/** IndexedDB and the write scheduler come with the drawing's backup, already loaded by the time they are needed. */
const persistenceChunk = lazyChunk(() => import("../persistence/drawing-backup.ts"));

/** What is open for editing. */
export type OpenEdit =
  | { readonly kind: "caption"; readonly caption: Caption }
  | { readonly kind: "sticker"; readonly entry: StickerEntry; readonly placement: StickerPlacement };

/** The record's key in the backup store (exported so end-to-end tests can look at it). */
export const EDITING_KEY = "editing";

/**
 * Wait after a change (a key typed, a drag step) before writing: a burst becomes one small write, and a
 * reload soon after the last change still finds it.
 */
const WRITE_DELAY_MS = 50;

/** Longest caption text taken back from storage; anything longer is not a caption this page wrote. */
const MAX_TEXT = 5000;

type Fields = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Fields {
  return typeof value === "object" && value !== null;
}

function numbers(record: Fields, keys: readonly string[]): boolean {
  return keys.every((key) => Number.isFinite(record[key]));
}

/** The places a caption keeps to (caption-layout.ts); a record without one was written before there were any. */
const PLACES: readonly CaptionPlace[] = ["top", "bottom", "free"];

function parseCaption(value: unknown): Caption | null {
  if (!isRecord(value) || !numbers(value, ["x", "y", "size"])) return null;
  const { text, colour, outline, place = "free" } = value;
  if (typeof text !== "string" || text.length > MAX_TEXT || typeof outline !== "boolean") return null;
  if (typeof colour !== "string" || !/^#[0-9a-f]{6}$/i.test(colour)) return null;
  const kept = PLACES.find((each) => each === place);
  if (kept === undefined) return null;
  const { x, y, size } = value as Record<"x" | "y" | "size", number>;
  return { text, colour, outline, place: kept, x, y, size };
}

function parseSticker(entry: unknown, placement: unknown): OpenEdit | null {
  if (!isRecord(entry) || !isRecord(placement) || !numbers(placement, ["x", "y", "size", "rotation"]))
    return null;
  const { id, name, src } = entry;
  if (typeof id !== "string" || typeof name !== "string" || typeof src !== "string") return null;
  const { x, y, size, rotation } = placement as Record<keyof StickerPlacement, number>;
  return { kind: "sticker", entry: { id, name, src }, placement: { x, y, size, rotation } };
}

/** The stored record as an OpenEdit, or null when it is missing or not one this page wrote. */
export function parseOpenEdit(value: unknown): OpenEdit | null {
  if (!isRecord(value)) return null;
  if (value.kind === "caption") {
    const caption = parseCaption(value.caption);
    return caption === null ? null : { kind: "caption", caption };
  }
  return value.kind === "sticker" ? parseSticker(value.entry, value.placement) : null;
}

/** The open edit's place in the browser. */
export interface EditingBackup {
  /** What was open at the last visit (null when nothing was, or the record is not one this page wrote). */
  read(): Promise<OpenEdit | null>;
  /** The open edit changed: write it shortly (latest wins); nothing open removes the record. */
  request(): void;
  /** Write what is waiting now (the page is being hidden). */
  flush(): void;
  /** Stops writing and closes the connection once running writes finish. */
  close(): void;
}

/**
 * Opens the backup database for the open edit, writing `current()` on each request; null where IndexedDB is
 * unusable (the drawing's backup has already told the console so, and the page works without either).
 */
export async function openEditingBackup(
  current: () => OpenEdit | null,
  onError: (error: unknown) => void,
): Promise<EditingBackup | null> {
  const { BACKUP_LOCATION, openStoreDatabase, writeStore } = await persistenceChunk.load();
  const db = await openStoreDatabase(BACKUP_LOCATION, () => {});
  if (db === null) return null;
  const { store } = BACKUP_LOCATION;
  let waiting: ReturnType<typeof setTimeout> | null = null;
  const writeNow = (): void => {
    if (waiting !== null) clearTimeout(waiting);
    waiting = null;
    const edit = current();
    // Latest wins: each write puts what is open at the time it runs.
    writeStore(db, store, (records) => {
      if (edit === null) records.delete(EDITING_KEY);
      else records.put(edit, EDITING_KEY);
    }).catch(onError);
  };
  return {
    read: async () => parseOpenEdit(await db.get(store, EDITING_KEY)),
    request: () => {
      waiting ??= setTimeout(writeNow, WRITE_DELAY_MS);
    },
    flush: () => {
      if (waiting !== null) writeNow();
    },
    close() {
      if (waiting !== null) clearTimeout(waiting);
      db.close();
    },
  };
}
