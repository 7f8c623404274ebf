import type { ReactionChange } from "../../common/reactions.ts";
import type { EventBus } from "../db/event-bus.ts";

/** Gathers changed counts and announces them on the bus in batches. */
export interface ReactionAnnouncer {
  /** Marks the start of a toggle: pass the mark to `changed`, so a removal after it drops the change. */
  mark(): number;
  /**
   * A drawing's counts changed (a toggle's answer, `since` its mark); announced with the next batch, unless the
   * drawing has been removed since (a wall must never hear of a drawing after it heard it was removed).
   */
  changed(change: ReactionChange, since: number): void;
  /** Announces what is gathered now and stops (the app is closing). */
  close(): Promise<void>;
}

/** A quarter of a second: live enough to watch a count move, few enough messages for a burst to stay cheap. */
export const REACTION_BATCH_MS = 250;
/** Changes per event: a batch stays far under PostgreSQL's 8000-byte NOTIFY payload (about 90 bytes each). */
export const MAX_CHANGES_PER_EVENT = 40;
/**
 * Removals remembered for toggles still on their way (a toggle takes milliseconds): the oldest is forgotten
 * past this many, so a flood of removals cannot grow memory. A few hundred KB at most.
 */
const REMEMBERED_REMOVALS = 10_000;

/**
 * Announces reaction counts at most once per interval, however many toggles there were: a popular drawing's
 * hundred toggles a second become four `reactions` events, each holding every drawing that changed (its newest
 * counts only), so neither the wall's streams nor the PostgreSQL bridge grow with the toggles. The newest
 * version of a drawing wins, whatever order toggles' answers arrive in. A drawing removed (hidden, deleted, in
 * this process or another) drops what was gathered for it, and every change from a toggle that began before.
 */
export function createReactionAnnouncer(
  events: EventBus,
  intervalMs: number = REACTION_BATCH_MS,
): ReactionAnnouncer {
  const pending = new Map<string, ReactionChange>();
  /** Each removed drawing's removal, numbered in the order they were heard; marks are numbers of that count. */
  const removedAt = new Map<string, number>();
  let removals = 0;
  let timer: NodeJS.Timeout | undefined;

  const stopListening = events.subscribe((event) => {
    if (event.type !== "removed") return;
    removals += 1;
    pending.delete(event.id);
    removedAt.delete(event.id);
    removedAt.set(event.id, removals);
    if (removedAt.size > REMEMBERED_REMOVALS) removedAt.delete(removedAt.keys().next().value ?? "");
  });

  const flush = async (): Promise<void> => {
    timer = undefined;
    const changes = [...pending.values()];
    pending.clear();
    for (let start = 0; start < changes.length; start += MAX_CHANGES_PER_EVENT) {
      await events.publish({
        type: "reactions",
        changes: changes.slice(start, start + MAX_CHANGES_PER_EVENT),
      });
    }
  };

  return {
    mark: () => removals,
    changed: (change, since) => {
      if ((removedAt.get(change.id) ?? 0) > since) return;
      const known = pending.get(change.id);
      if (known === undefined || known.version < change.version) pending.set(change.id, change);
      timer ??= setTimeout(() => void flush(), intervalMs).unref();
    },
    close: async () => {
      stopListening();
      if (timer !== undefined) clearTimeout(timer);
      await flush();
    },
  };
}
