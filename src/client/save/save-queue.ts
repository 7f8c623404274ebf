/** The save queue: keeps each drawing until the server has it, sending one at a time with backoff. */
import type { SavedDrawingStatus } from "../../common/api.ts";
import type { Timers } from "../timers/timers.ts";
import type { AttemptVerdict } from "./classify-answer.ts";
import { type QueuedClaims, type QueuedSave, type QueueStorage, setClaims } from "./queue-storage.ts";
import { retryDelayMs } from "./retry-after.ts";

/** How a queued save stands, as the visitor should hear it. */
export type SaveProgress =
  | { readonly kind: "saving" }
  /**
   * On the server; `url` is the stored drawing's PNG address and `id` its id (for its permalink) when known;
   * `status` "pending" means a moderator must approve it before it is public. `alreadyStored`: this picture was
   * stored by an earlier save, so this one stored nothing new.
   */
  | {
      readonly kind: "saved";
      readonly url?: string;
      readonly id?: string;
      readonly status?: SavedDrawingStatus;
      readonly alreadyStored?: true;
      /** The name it is signed with and the prompt it entered, as stored (absent: not known). */
      readonly name?: string | null;
      readonly prompt?: string | null;
    }
  /** The last attempt failed for a passing reason; another follows by itself. */
  | { readonly kind: "retrying" }
  /** The server refused the drawing itself (or a bug made it unsendable): it was dropped. */
  | { readonly kind: "refused"; readonly message: string };

/** What the queue needs from its host. */
export interface SaveQueueOptions {
  readonly storage: QueueStorage;
  /** One upload attempt of an item; a rejection counts as a passing failure. */
  readonly send: (item: QueuedSave) => Promise<AttemptVerdict>;
  readonly timers: Timers;
  /** In [0, 1): the backoff's jitter. */
  readonly random?: () => number;
  readonly now?: () => number;
  readonly onProgress?: (key: string, progress: SaveProgress) => void;
  /** Where problems of the queue itself are written; the console by default. */
  readonly log?: Pick<Console, "error" | "warn">;
}

/** The queue's handle. */
export interface SaveQueue {
  /** Keeps the drawing (and its making) — durably, before any attempt — then starts sending. */
  add(blob: Blob, key: string, claims?: QueuedClaims, making?: Uint8Array): Promise<void>;
  /** Sends what waits now (on load, back online, a new save); resolves when this sender is idle again. */
  wake(): Promise<void>;
  /** Resolves when no pass is running (a backoff timer may still be waiting). */
  idle(): Promise<void>;
  /** Stops: the waiting timer is dropped and nothing new starts. */
  dispose(): void;
}

/**
 * One sender: a pass lists the waiting items oldest first and sends each; the first passing failure ends the
 * pass and sets a timer (backoff from that item's attempts, or the server's Retry-After), since the items behind
 * it would meet the same server. An item leaves the storage only after the server has it (200/201) or refused it.
 */
export function createSaveQueue(options: SaveQueueOptions): SaveQueue {
  const { storage, timers } = options;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const log = options.log ?? console;
  const report = (key: string, progress: SaveProgress): void => options.onProgress?.(key, progress);
  // Items the storage could not keep (quota, a failing disk) are still sent, from memory.
  const unstored = new Map<string, QueuedSave>();
  // Attempts as this tab counted them, in case the storage could not record them.
  const failures = new Map<string, number>();
  let running: Promise<void> | null = null;
  let again = false;
  let timer: unknown = null;
  let disposed = false;

  function wake(): Promise<void> {
    if (disposed) return Promise.resolve();
    if (timer !== null) timers.clear(timer);
    timer = null;
    if (running) {
      again = true;
      return running;
    }
    running = drain().finally(() => {
      running = null;
    });
    return running;
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      const delayMs = await sendAll();
      if (delayMs !== undefined && !again && !disposed) {
        timer = timers.set(() => {
          timer = null;
          void wake();
        }, delayMs);
      }
    } while (again && !disposed);
  }

  /** Sends every waiting item; returns the wait before the next pass when one must follow. */
  async function sendAll(): Promise<number | undefined> {
    let items: QueuedSave[];
    try {
      items = await storage.list();
    } catch (error) {
      log.warn(
        "Fanvas: the save queue could not be read; it is read again on the next save or when back online.",
        error,
      );
      items = [];
    }
    const known = new Set(items.map((item) => item.key));
    const waiting = [...items, ...[...unstored.values()].filter((item) => !known.has(item.key))];
    for (const [index, item] of waiting.entries()) {
      if (disposed) return undefined;
      const delayMs = await attempt(item);
      if (delayMs === undefined) continue;
      for (const behind of waiting.slice(index + 1)) report(behind.key, { kind: "retrying" });
      return delayMs;
    }
    return undefined;
  }

  /** One attempt; returns the backoff when the item must be tried again. */
  async function attempt(item: QueuedSave): Promise<number | undefined> {
    const verdict = await options
      .send(item)
      .catch((): AttemptVerdict => ({ kind: "retry", retryAfterMs: undefined }));
    switch (verdict.kind) {
      case "saved":
        await forget(item.key);
        report(item.key, {
          kind: "saved",
          url: verdict.drawing.url,
          id: verdict.drawing.id,
          status: verdict.drawing.status,
          name: verdict.drawing.name,
          prompt: verdict.drawing.prompt,
        });
        return undefined;
      case "conflict":
        log.error(
          "Fanvas: the save's Idempotency-Key was already used for another drawing; this save is dropped.",
          {
            key: item.key,
            message: verdict.message,
          },
        );
        await forget(item.key);
        report(item.key, { kind: "refused", message: verdict.message });
        return undefined;
      case "refused":
        await forget(item.key);
        report(item.key, { kind: "refused", message: verdict.message });
        return undefined;
      case "retry": {
        const attempts = Math.max(item.attempts, failures.get(item.key) ?? 0) + 1;
        failures.set(item.key, attempts);
        const kept = unstored.get(item.key);
        if (kept) unstored.set(item.key, { ...kept, attempts });
        else await storage.recordAttempts(item.key, attempts).catch((error: unknown) => log.warn(error));
        report(item.key, { kind: "retrying" });
        return retryDelayMs(attempts, random(), verdict.retryAfterMs);
      }
    }
  }

  /** Removes a settled item; if that fails it is sent again later, which its key makes harmless. */
  async function forget(key: string): Promise<void> {
    unstored.delete(key);
    failures.delete(key);
    await storage
      .remove(key)
      .catch((error: unknown) =>
        log.warn("Fanvas: a saved drawing could not be removed from the save queue.", error),
      );
  }

  return {
    async add(blob, key, claims = {}, making = undefined) {
      const item: QueuedSave = {
        key,
        blob,
        createdAt: now(),
        attempts: 0,
        ...setClaims(claims),
        ...(making === undefined ? {} : { making: new Blob([new Uint8Array(making)]) }),
      };
      report(key, { kind: "saving" });
      try {
        await storage.put(item);
      } catch (error) {
        log.warn("Fanvas: the drawing could not be queued in this browser; it is sent from memory.", error);
        unstored.set(key, item);
      }
      void wake();
    },
    wake,
    idle: () => running ?? Promise.resolve(),
    dispose() {
      disposed = true;
      if (timer !== null) timers.clear(timer);
      timer = null;
    },
  };
}
