import type { GalleryItem } from "../../common/api.ts";

/** What happened on the wall: a drawing appeared, or one left it (hidden or deleted). */
export type DrawingEvent =
  | { readonly type: "added"; readonly item: GalleryItem }
  | { readonly type: "removed"; readonly id: string };

/** Called once per event; it must not throw (a throwing listener is logged and skipped). */
export type DrawingEventListener = (event: DrawingEvent) => void;

/**
 * The wall's event hub, one per app (`app.drawingEvents`). Publishing from any process reaches every
 * subscriber of every process on the same database exactly once (PostgreSQL); on SQLite there is one
 * process, so it fans out in memory.
 */
export interface DrawingEvents {
  /** Announces a drawing that became visible (a 201 save, or an approval). */
  publishAdded(item: GalleryItem): Promise<void>;
  /** Announces a drawing that stopped being visible (hidden or deleted). */
  publishRemoved(id: string): Promise<void>;
  /** Starts delivering events to the listener; returns the function that stops it. */
  subscribe(listener: DrawingEventListener): () => void;
  /** Stops delivery and releases the connection it holds (if any). */
  close(): Promise<void>;
}

/** Where a hub reports a listener or connection problem; Fastify's (pino) logger fits. */
export interface EventsLog {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** A set of listeners that each get every event, isolated from each other's failures. */
export interface Listeners {
  add(listener: DrawingEventListener): () => void;
  deliver(event: DrawingEvent): void;
  clear(): void;
}

/** The fan-out both hubs share. */
export function createListeners(log: EventsLog): Listeners {
  const listeners = new Set<DrawingEventListener>();
  return {
    add: (listener) => {
      // A wrapper per subscription, so the same function subscribed twice is two subscriptions.
      const entry: DrawingEventListener = (event) => listener(event);
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    deliver: (event) => {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          log.error({ err: error }, "a drawing event listener failed; the others still got the event");
        }
      }
    },
    clear: () => listeners.clear(),
  };
}

/** The single-process hub (SQLite): publishing delivers at once, in memory. */
export function createLocalDrawingEvents(log: EventsLog): DrawingEvents {
  const listeners = createListeners(log);
  return {
    publishAdded: async (item) => listeners.deliver({ type: "added", item }),
    publishRemoved: async (id) => listeners.deliver({ type: "removed", id }),
    subscribe: (listener) => listeners.add(listener),
    close: async () => listeners.clear(),
  };
}
