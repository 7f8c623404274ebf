import type { ReactionChange } from "../../common/reactions.ts";
import type { EventBus } from "../live/event-bus.ts";

/** Gathers changed counts and announces them on the bus in batches. */
export interface ReactionAnnouncer {
  /** A drawing's counts changed (a toggle's answer); announced with the next batch. */
  changed(change: ReactionChange): void;
  /** Announces what is gathered now and stops (the app is closing). */
  close(): Promise<void>;
}

/** A quarter of a second: live enough to watch a count move, few enough messages for a burst to stay cheap. */
export const REACTION_BATCH_MS = 250;
/** Changes per event: a batch stays far under PostgreSQL's 8000-byte NOTIFY payload (about 90 bytes each). */
export const MAX_CHANGES_PER_EVENT = 40;

/**
 * Announces reaction counts at most once per interval, however many toggles there were: a popular drawing's
 * hundred toggles a second become four `reactions` events, each holding every drawing that changed (its newest
 * counts only), so neither the wall's streams nor the PostgreSQL bridge grow with the toggles. The newest
 * version of a drawing wins, whatever order toggles' answers arrive in.
 */
export function createReactionAnnouncer(
  events: EventBus,
  intervalMs: number = REACTION_BATCH_MS,
): ReactionAnnouncer {
  const pending = new Map<string, ReactionChange>();
  let timer: NodeJS.Timeout | undefined;

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
    changed: (change) => {
      const known = pending.get(change.id);
      if (known === undefined || known.version < change.version) pending.set(change.id, change);
      timer ??= setTimeout(() => void flush(), intervalMs).unref();
    },
    close: async () => {
      if (timer !== undefined) clearTimeout(timer);
      await flush();
    },
  };
}
