/**
 * Paths and limits of the HTTP API shared by the page and the server, and the types of its shapes. The shapes
 * themselves are declared once, as JSON Schemas, in wire/; only their types are imported here, so the page's
 * first load, which reads this file's paths, carries no schema.
 */
import type { Static } from "typebox";
import type {
  ApiErrorSchema,
  CreditChangeSchema,
  GalleryItemSchema,
  GalleryPageSchema,
  NameBlockedSchema,
  RemovedDrawingSchema,
  SavedDrawingSchema,
  SavedDrawingStatusSchema,
} from "./wire/drawings.ts";
import type { PromptSummarySchema, PromptsAnswerSchema } from "./wire/prompts.ts";

/** 201 answer of POST /api/drawings (wire/drawings.ts declares it). */
export type SavedDrawing = Static<typeof SavedDrawingSchema>;

/** Whether a saved drawing is public yet: "visible" now, or "pending" a moderator's approval. */
export type SavedDrawingStatus = Static<typeof SavedDrawingStatusSchema>;

/** Every 4xx/5xx answer carries this body. */
export type ApiError = Static<typeof ApiErrorSchema>;

export const DRAWINGS_PATH = "/api/drawings";

/** Drawing ids: 9 random bytes in base64url, 12 url-safe characters (the server's schemas, the page's ?remix=). */
export const DRAWING_ID_PATTERN = /^[A-Za-z0-9_-]{12}$/;

/** One drawing on the wall: GET /api/drawings lists these, and the event stream announces them. */
export type GalleryItem = Static<typeof GalleryItemSchema>;

/** 200 answer of GET /api/drawings: a page of the wall, and the cursor of the next. */
export type GalleryPage = Static<typeof GalleryPageSchema>;

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
export type CreditChange = Static<typeof CreditChangeSchema>;

/** Data of `event: name-blocked`: drawings signed with a name of this key show no name now. */
export type NameBlocked = Static<typeof NameBlockedSchema>;

/** GET /api/prompts: every current and past prompt (upcoming ones are not shown), the latest first. */
export type PromptsAnswer = Static<typeof PromptsAnswerSchema>;

/** A prompt as the wall's tabs show it, with its winners once it ended. */
export type PromptSummary = Static<typeof PromptSummarySchema>;

export const PROMPTS_PATH = "/api/prompts";

/** How GET /api/drawings orders the wall: newest first, or most reactions first. */
export type WallSort = "new" | "top";
/** Which drawings Top ranks: those of the last 7 days (today and the 6 before, UTC), or all. */
export type TopWindow = "week" | "all";

/** Data of `event: removed`: the drawing left the wall (hidden or deleted); drop it from the page. */
export type RemovedDrawing = Static<typeof RemovedDrawingSchema>;
