/**
 * The drawings' wire shapes: each a JSON Schema that the routes answer with (Fastify serializes by it) and the page
 * checks replies against, and, through `Static`, the TypeScript type both sides use (common/api.ts names them).
 */
import { Type } from "typebox";
import { nullable, OwnPath, stringEnum } from "./kit.ts";
import { ReactionCountsSchema, ReactionKindSchema } from "./reactions.ts";

/** Every 4xx/5xx answer carries this body. */
export const ApiErrorSchema = Type.Object({
  statusCode: Type.Integer(),
  /** Short machine-readable name, e.g. "not_png", "wrong_size", "too_large". */
  code: Type.String(),
  /** What went wrong and what to do, for a person. */
  message: Type.String(),
});

/**
 * Whether a saved drawing is public yet. "visible": public now. "pending": stored but not public (pre-moderation
 * keeps it for a moderator), so its `url` answers 404 until it is approved.
 */
export const SavedDrawingStatusSchema = stringEnum(["visible", "pending"]);

/** What proves a save: the stored drawing's id, its PNG's path on this server and when it was stored (ISO 8601). */
export const StoredDrawingSchema = Type.Object({
  id: Type.String(),
  url: OwnPath,
  createdAt: Type.String(),
});

/** 201 (and, for a repeated Idempotency-Key, 200) answer of POST /api/drawings. */
export const SavedDrawingSchema = Type.Object({
  ...StoredDrawingSchema.properties,
  status: SavedDrawingStatusSchema,
  /** The name it is signed with, as stored (null: unsigned, or the name is blocked). */
  name: Type.Optional(nullable(Type.String())),
  /** The prompt it was entered in (null: none, or that prompt was not running when it was stored). */
  prompt: Type.Optional(nullable(Type.String())),
});

/** One drawing on the wall: GET /api/drawings lists these, and the event stream announces them. */
export const GalleryItemSchema = Type.Object({
  id: Type.String(),
  /** The full 600 x 600 PNG, e.g. "/api/drawings/abc123.png". */
  url: OwnPath,
  /** A small WebP of the drawing (at most 300 x 300, at most about 15 KB), e.g. "/api/drawings/abc123.webp". */
  thumbnailUrl: OwnPath,
  /** The drawing's own page, e.g. "/d/abc123". */
  permalink: OwnPath,
  /** ISO 8601 time the drawing was stored. */
  createdAt: Type.String(),
  /** Its reactions' counts, and their version (see ReactionState). */
  reactions: ReactionCountsSchema,
  reactionsVersion: Type.Integer(),
  /** The id of the drawing it remixes, while that one is on the wall; null otherwise. */
  remixOf: nullable(Type.String()),
  /** True when it has a timelapse: its making (GET /api/drawings/<id>/making) was stored with it and not removed. */
  making: Type.Optional(Type.Boolean()),
  /** The reactions the browser that asked gave it: in pages only (an event goes to everyone). */
  reacted: Type.Optional(Type.Immutable(Type.Array(ReactionKindSchema))),
  /** The name it is signed with (a display name, or an X handle with its @); null when unsigned. */
  name: nullable(Type.String()),
  /** The id of the prompt it was entered in; null for none. */
  prompt: nullable(Type.String()),
  /** 1, 2 or 3: its place among its prompt's top three, once that prompt ended; null otherwise. */
  place: Type.Unsafe<number | null>({ type: ["integer", "null"], minimum: 1, maximum: 3 }),
  /** The browser that asked saved it: in pages only, as `reacted`. */
  mine: Type.Optional(Type.Boolean()),
});

/**
 * 200 answer of GET /api/drawings: `?before=<cursor>&limit=<n>` newest first (the default, `sort=new`),
 * `?sort=top&window=week|all` most reactions first, `?remixOf=<id>` that drawing's remixes newest first.
 */
export const GalleryPageSchema = Type.Object({
  items: Type.Immutable(Type.Array(GalleryItemSchema)),
  /** Pass as `before` (with the same sort) to get the next page; null on the last page. Opaque: never parse it. */
  nextCursor: nullable(Type.String()),
});

/** Data of `event: removed`: the drawing left the wall (hidden or deleted); drop it from the page. */
export const RemovedDrawingSchema = Type.Object({ id: Type.String() });

/** Data of `event: credit`: the name a drawing shows changed (null: a moderator took it off). */
export const CreditChangeSchema = Type.Object({ id: Type.String(), name: nullable(Type.String()) });

/** Data of `event: name-blocked`: drawings signed with a name of this key (common/credit.ts) show no name now. */
export const NameBlockedSchema = Type.Object({ key: Type.String() });
