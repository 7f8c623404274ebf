/** Shapes of the HTTP API shared by the page and the server. */
import type { ReactionCounts, ReactionKind } from "./reactions.ts";

/** 201 answer of POST /api/drawings. */
export interface SavedDrawing {
  readonly id: string;
  /** Path of the stored PNG on this server, e.g. "/api/drawings/abc123.png". */
  readonly url: string;
  /** ISO 8601 time the drawing was stored. */
  readonly createdAt: string;
  /**
   * "visible": public now. "pending": stored but not public (pre-moderation keeps it for a moderator), so
   * `url` answers 404 until it is approved. Optional: answers of older servers carry no status.
   */
  readonly status?: SavedDrawingStatus;
  /** The name it is signed with, as stored (null: unsigned, or the name is blocked). Absent from older servers. */
  readonly name?: string | null;
  /** The prompt it was entered in (null: none, or that prompt was not running when it was stored). */
  readonly prompt?: string | null;
}

/** Whether a saved drawing is public yet. */
export type SavedDrawingStatus = "visible" | "pending";

/** Every 4xx/5xx answer carries this body. */
export interface ApiError {
  readonly statusCode: number;
  /** Short machine-readable name, e.g. "not_png", "wrong_size", "too_large". */
  readonly code: string;
  /** What went wrong and what to do, for a person. */
  readonly message: string;
}

export const DRAWINGS_PATH = "/api/drawings";

/** Drawing ids: 9 random bytes in base64url, 12 url-safe characters (the server's schemas, the page's ?remix=). */
export const DRAWING_ID_PATTERN = /^[A-Za-z0-9_-]{12}$/;

/** One drawing on the wall: GET /api/drawings lists these, and the event stream announces them. */
export interface GalleryItem {
  readonly id: string;
  /** The full 600 x 600 PNG, e.g. "/api/drawings/abc123.png". */
  readonly url: string;
  /** A small WebP of the drawing (at most 300 x 300, at most about 15 KB), e.g. "/api/drawings/abc123.webp". */
  readonly thumbnailUrl: string;
  /** The drawing's own page, e.g. "/d/abc123". */
  readonly permalink: string;
  /** ISO 8601 time the drawing was stored. */
  readonly createdAt: string;
  /** Its reactions' counts, and their version (see ReactionState). */
  readonly reactions: ReactionCounts;
  readonly reactionsVersion: number;
  /** The id of the drawing it remixes, while that one is on the wall; null otherwise. */
  readonly remixOf: string | null;
  /**
   * True when it has a timelapse: its making (GET /api/drawings/<id>/making) was stored with it and not removed.
   * Optional: older servers' items carry none.
   */
  readonly making?: boolean;
  /** The reactions the browser that asked gave it: in pages only (an event goes to everyone). */
  readonly reacted?: readonly ReactionKind[];
  /** The name it is signed with (a display name, or an X handle with its @); null when unsigned. */
  readonly name: string | null;
  /** The id of the prompt it was entered in; null for none. */
  readonly prompt: string | null;
  /** 1, 2 or 3: its place among its prompt's top three, once that prompt ended; null otherwise. */
  readonly place: number | null;
  /** The browser that asked saved it: in pages only, as `reacted`. */
  readonly mine?: boolean;
}

/**
 * 200 answer of GET /api/drawings: `?before=<cursor>&limit=<n>` newest first (the default, `sort=new`),
 * `?sort=top&window=week|all` most reactions first, `?remixOf=<id>` that drawing's remixes newest first.
 */
export interface GalleryPage {
  readonly items: readonly GalleryItem[];
  /** Pass as `before` (with the same sort) to get the next page; null on the last page. Opaque: never parse it. */
  readonly nextCursor: string | null;
}

/** Items per gallery page when the request names no limit. */
export const GALLERY_DEFAULT_LIMIT = 24;
/** The most items one gallery page holds; a larger limit is clamped to this (not refused). */
export const GALLERY_MAX_LIMIT = 60;

/**
 * Server-Sent Events of the wall. `event: drawing` carries a GalleryItem (its `id:` is the item's
 * gallery cursor); `event: removed` carries a RemovedDrawing; `event: reactions` a ReactionsEvent (counts
 * that changed, gathered for a quarter of a second). Comments are heartbeats.
 */
export const EVENTS_PATH = "/api/events";

/**
 * Which drawings a wall lists: every one, one prompt's entries (`prompt=<id>`), one name's (`name=<name>`), or
 * this browser's own (`mine=true`).
 */
export type WallScope =
  | { readonly kind: "all" }
  | { readonly kind: "prompt"; readonly id: string }
  | { readonly kind: "name"; readonly name: string }
  | { readonly kind: "mine" };

/** Data of `event: credit`: the name a drawing shows changed (null: a moderator took it off). */
export interface CreditChange {
  readonly id: string;
  readonly name: string | null;
}

/** Data of `event: name-blocked`: drawings signed with a name of this key (common/credit.ts) show no name now. */
export interface NameBlocked {
  readonly key: string;
}

/** GET /api/prompts: every current and past prompt (upcoming ones are not shown), the latest first. */
export interface PromptsAnswer {
  readonly prompts: readonly PromptSummary[];
}

/** A prompt as the wall's tabs show it, with its winners once it ended. */
export interface PromptSummary {
  readonly id: string;
  readonly title: string;
  readonly hashtag: string | null;
  readonly startsAt: string;
  readonly endsAt: string;
  /** "running" or "ended" (an upcoming prompt is not listed). */
  readonly phase: "running" | "ended";
  /** "30 Nov": its last day, in its own time zone. */
  readonly lastDay: string;
  /** Its top three's ids, first place first, once it ended (and while they are on the wall). */
  readonly winners: readonly string[];
}

export const PROMPTS_PATH = "/api/prompts";

/** How GET /api/drawings orders the wall: newest first, or most reactions first. */
export type WallSort = "new" | "top";
/** Which drawings Top ranks: those of the last 7 days (today and the 6 before, UTC), or all. */
export type TopWindow = "week" | "all";

/** Data of `event: removed`: the drawing left the wall (hidden or deleted); drop it from the page. */
export interface RemovedDrawing {
  readonly id: string;
}
