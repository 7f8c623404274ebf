import type { ReactionChange, ReactionCounts } from "../../common/reactions.ts";

// The one in-process event bus: what happened to a drawing, for whoever must react (the wall's stream, the
// image cache, the background jobs, the PostgreSQL bridge to other processes). One bus per open store.

/** A drawing as the wall names it: its id and when it was stored, and what else its card shows. */
export interface DrawingRef {
  readonly id: string;
  /** ISO 8601, as stored. */
  readonly createdAt: string;
  /** The drawing it remixes, when that one is on the wall. */
  readonly remixOf?: string | null;
  /** Whether its making (a timelapse) is stored. */
  readonly making?: boolean;
  /** What it had when it came back on the wall (a restore keeps its reactions); absent for a new drawing. */
  readonly reactions?: ReactionCounts;
  readonly reactionsVersion?: number;
  /** The name it is signed with, when it shows one. */
  readonly credit?: string | null;
  /** The prompt it was entered in, and its place among that prompt's top three once the prompt ended. */
  readonly promptId?: string | null;
  readonly promptPlace?: number | null;
}

/**
 * What happened. `remote` marks an event another process published (delivered by the PostgreSQL bridge): it is
 * shown to this process's visitors, but this process's own work (jobs, forwarding) was done where it happened.
 */
export type DrawingEvent = (
  | { readonly type: "added"; readonly drawing: DrawingRef; readonly visible: boolean }
  | { readonly type: "shown"; readonly drawing: DrawingRef }
  | { readonly type: "changed"; readonly id: string }
  | { readonly type: "removed"; readonly id: string }
  | { readonly type: "reactions"; readonly changes: readonly ReactionChange[] }
  | { readonly type: "credit"; readonly id: string; readonly credit: string | null }
  | { readonly type: "name-blocked"; readonly key: string }
  | { readonly type: "prompts"; readonly scheduled?: true }
) & { readonly remote?: true };
// added: a save stored a new drawing (visible: on the wall at once; otherwise pending for a moderator).
// shown: a moderator approved or restored it onto the wall. changed: its stored bytes were replaced by the
// same pixels in fewer bytes. removed: it stopped being public (hidden or deleted). reactions: visible
// drawings' counts changed (gathered over a short interval, so a burst is one event). credit: the name a visible
// drawing shows changed (a moderator removed it). name-blocked: no drawing shows names of this key any more.
// prompts: the prompts changed (edited by the operator; or, scheduled, one started or ended by this process's
// clock: every process has its own, so those never cross to other processes).

/** A subscriber; a returned promise is awaited by publish (the bridge's NOTIFY). */
export type DrawingListener = (event: DrawingEvent) => void | Promise<void>;

/** Publish what happened; subscribe to hear it. */
export interface EventBus {
  /**
   * Delivers the event to every subscriber, synchronously up to their first await (so a cache is evicted
   * before the caller answers), and resolves once every subscriber is done. A failing subscriber is reported
   * and never fails the publisher: the database is the truth, the event only says so.
   */
  publish(event: DrawingEvent): Promise<void>;
  /** Starts delivering to the listener; returns the function that stops it. */
  subscribe(listener: DrawingListener): () => void;
}

/** Where a subscriber's failure is reported; stderr unless the owner says otherwise. */
export type ListenerFailure = (error: unknown, event: DrawingEvent) => void;

const reportToStderr: ListenerFailure = (error, event) =>
  console.error(`A ${event.type} event listener failed: ${error instanceof Error ? error.message : error}`);

/** A new, empty bus. */
export function createEventBus(onFailure: ListenerFailure = reportToStderr): EventBus {
  const listeners = new Set<DrawingListener>();
  const deliver = async (listener: DrawingListener, event: DrawingEvent) => {
    try {
      await listener(event);
    } catch (error) {
      onFailure(error, event);
    }
  };
  return {
    publish: async (event) => {
      await Promise.all([...listeners].map((listener) => deliver(listener, event)));
    },
    subscribe: (listener) => {
      // A wrapper per subscription, so the same function subscribed twice is two subscriptions.
      const entry: DrawingListener = (event) => listener(event);
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
  };
}
