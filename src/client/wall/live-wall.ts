/**
 * The wall's live feed: Server-Sent Events on /api/events, kept open for as long as the wall is shown. Each
 * event's data is checked against its wire schema (wall-checks.ts); one that is not is ignored.
 */
import { EVENTS_PATH, type GalleryItem } from "../../common/api.ts";
import type { ReactionChange } from "../../common/reactions.ts";
import { parseReactionChanges } from "../reactions/react-drawing.ts";
import { backoffDelayMs } from "../save/backoff.ts";
import { parseGalleryItem } from "./wall-api.ts";
import { isCreditChange, isNameBlocked, isRemovedDrawing } from "./wall-checks.ts";

/**
 * How long a page waits for its live feed before asking for what it shows anyway (the wall its first page, a
 * drawing's page its counts): a feed refused (a visitor at their streams' cap) or slow must not keep it empty.
 */
export const FEED_WAIT_MS = 1_500;

/** What the wall hears from the feed. */
export interface LiveWallHandlers {
  /** A drawing was stored (by anyone, this visitor included). */
  readonly onDrawing: (item: GalleryItem) => void;
  /** A drawing left the wall (hidden or deleted by moderation). */
  readonly onRemoved: (id: string) => void;
  /** Drawings' reaction counts changed (anyone's reactions, in any server process). */
  readonly onReactions: (changes: readonly ReactionChange[]) => void;
  /** A drawing's name changed (null: a moderator took it off). */
  readonly onName?: (id: string, name: string | null) => void;
  /** A moderator blocked a name: no drawing shows a name of this key (common/credit.ts creditKey) any more. */
  readonly onNameBlocked?: (key: string) => void;
  /** The prompts changed (one started or ended, or the operator edited them): ask for them again. */
  readonly onPrompts?: () => void;
  /**
   * The feed is open and what came before is not in it (the stream's `refetch`): the first time, after a re-created
   * source, or when the browser's own reconnection came back too late for the server to send what was missed. A
   * page answered before this moment may be missing events, so the newest page should be fetched (again) and
   * merged. A reconnection the server resumed (`resumed`: it sends the missed events itself, from the
   * Last-Event-ID EventSource sends) does not call it.
   */
  readonly onOpen: () => void;
}

/** What the feed needs from the browser; tests may pass their own. */
export interface LiveWallOptions {
  readonly createSource?: (url: string) => EventSource;
  readonly random?: () => number;
}

/**
 * Opens the feed and returns a function that closes it. EventSource reconnects by itself after a dropped
 * connection; when it gives up (the server answered an error, or not with an event stream) it is CLOSED for good,
 * so a new one is made after a growing, jittered wait.
 */
export function openLiveWall(handlers: LiveWallHandlers, options: LiveWallOptions = {}): () => void {
  const createSource = options.createSource ?? ((url: string) => new EventSource(url));
  const random = options.random ?? Math.random;
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let stopped = false;

  function connect(): void {
    const current = createSource(EVENTS_PATH);
    source = current;
    // Every stream starts with its verdict: resumed (a reconnection with Last-Event-ID, which EventSource sends by
    // itself; the missed events follow) or refetch (what came before is not in the stream: read the wall).
    current.addEventListener("open", () => {
      failures = 0;
    });
    current.addEventListener("refetch", () => handlers.onOpen());
    current.addEventListener("drawing", (event) => {
      const item = parseGalleryItem(parseData(event));
      if (item !== null) handlers.onDrawing(item);
    });
    current.addEventListener("removed", (event) => {
      const data = parseData(event);
      if (isRemovedDrawing(data)) handlers.onRemoved(data.id);
    });
    current.addEventListener("reactions", (event) => {
      const changes = parseReactionChanges(parseData(event));
      if (changes.length > 0) handlers.onReactions(changes);
    });
    current.addEventListener("credit", (event) => {
      const data = parseData(event);
      if (isCreditChange(data)) handlers.onName?.(data.id, data.name);
    });
    current.addEventListener("name-blocked", (event) => {
      const data = parseData(event);
      if (isNameBlocked(data)) handlers.onNameBlocked?.(data.key);
    });
    current.addEventListener("prompts", () => handlers.onPrompts?.());
    current.addEventListener("error", () => {
      // CONNECTING means the browser is already retrying on its own; only a CLOSED source needs us.
      if (stopped || current.readyState !== EventSource.CLOSED || source !== current) return;
      current.close();
      failures += 1;
      retryTimer = setTimeout(
        () => {
          retryTimer = null;
          if (!stopped) connect();
        },
        backoffDelayMs(failures, random()),
      );
    });
  }

  connect();
  return () => {
    stopped = true;
    if (retryTimer !== null) clearTimeout(retryTimer);
    source?.close();
    source = null;
  };
}

function parseData(event: Event): unknown {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as unknown;
  } catch {
    return null;
  }
}
