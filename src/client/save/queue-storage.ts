/** Where drawings wait until the server has them: the small interface the save queue needs, and an in-memory one. */

/** One drawing waiting to be stored on the server. */
export interface QueuedSave {
  /** The Idempotency-Key of this save: one per Save click, reused by every retry. */
  readonly key: string;
  /** The PNG bytes, exactly those downloaded. */
  readonly blob: Blob;
  /** When the visitor clicked Save (ms since the epoch); the queue sends oldest first. */
  readonly createdAt: number;
  /** Failed attempts so far; sets the backoff. */
  readonly attempts: number;
  /** The drawing this one remixes (the page was opened as /?remix=<id>); absent otherwise. */
  readonly remixOf?: string;
  /** The name it is signed with (checked when Save was pressed); absent when unsigned. */
  readonly name?: string;
  /** The prompt it enters (the one running when Save was pressed); absent otherwise. */
  readonly prompt?: string;
  /**
   * The drawing's making (its encoded log), sent beside the PNG for its timelapse; absent without one. Queued as a
   * Blob, as the PNG is, so reading the queue back reads neither's bytes.
   */
  readonly making?: Blob;
}

/** A queued save as storage may hold it: a save an older page queued keeps its making as bytes. */
export type StoredSave = Omit<QueuedSave, "making"> & { readonly making?: Blob | Uint8Array };

/** What a save claims besides its picture, as it is queued. */
export type QueuedClaims = Pick<QueuedSave, "remixOf" | "name" | "prompt">;

/** Only the claims that are set: IndexedDB keeps what is given, an undefined field included. */
export function setClaims(claims: QueuedClaims): QueuedClaims {
  return Object.fromEntries(Object.entries(claims).filter(([, value]) => typeof value === "string"));
}

/** Durable (or not) storage of the waiting saves. Every method resolves once the change is kept. */
export interface QueueStorage {
  /** Adds (or replaces) an item. */
  put(item: QueuedSave): Promise<void>;
  /** Every waiting item, oldest first. */
  list(): Promise<QueuedSave[]>;
  /** Sets an item's attempt count; does nothing when the item is gone (another tab may have sent it). */
  recordAttempts(key: string, attempts: number): Promise<void>;
  /** Removes an item; removing one that is gone is fine. */
  remove(key: string): Promise<void>;
}

/** Oldest first; the key breaks ties so the order is the same in every tab. */
export function byAge(a: QueuedSave, b: QueuedSave): number {
  return a.createdAt - b.createdAt || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/**
 * Keeps the queue in memory: the page's fallback where IndexedDB is unavailable (saves then still retry,
 * only not across a reload), and the storage the queue's unit tests run against.
 */
export function createMemoryQueueStorage(): QueueStorage {
  const items = new Map<string, QueuedSave>();
  return {
    async put(item) {
      items.set(item.key, item);
    },
    async list() {
      return [...items.values()].sort(byAge);
    },
    async recordAttempts(key, attempts) {
      const item = items.get(key);
      if (item) items.set(key, { ...item, attempts });
    },
    async remove(key) {
      items.delete(key);
    },
  };
}

/** True when a stored value has the shape of a queued save (storage written by another version may not). */
export function isStoredSave(value: unknown): value is StoredSave {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.key === "string" &&
    record.blob instanceof Blob &&
    typeof record.createdAt === "number" &&
    typeof record.attempts === "number" &&
    ["remixOf", "name", "prompt"].every(
      (field) => record[field] === undefined || typeof record[field] === "string",
    ) &&
    (record.making === undefined || record.making instanceof Blob || record.making instanceof Uint8Array)
  );
}

/** A stored save as the queue sends it: an older page's making bytes as a Blob, as the queue keeps it now. */
export function queuedSave(stored: StoredSave): QueuedSave {
  const { making } = stored;
  // Copied into an ArrayBuffer of its own: a Blob's part may not be a view of memory that could be shared.
  return making instanceof Uint8Array
    ? { ...stored, making: new Blob([new Uint8Array(making)]) }
    : { ...stored, making };
}
