import type { TopWindow, WallSort } from "../../common/api.ts";
import { GALLERY_MAX_LIMIT } from "../../common/api.ts";
import { HttpError } from "../http/errors.ts";
import { DRAWING_ID } from "../http/validation.ts";
import { decodeTopCursor, type TopCursor } from "./top-cursor.ts";
import { decodeCursor, type GalleryCursor } from "./wall-cursor.ts";

/** The query string of GET /api/drawings as its schema lets it through. */
export interface WallQuery {
  readonly before?: string;
  readonly limit?: number;
  readonly sort?: WallSort;
  readonly window?: TopWindow;
  readonly remixOf?: string;
}

/** Schema of that query string. */
export const wallQuerySchema = {
  type: "object",
  properties: {
    before: {
      type: "string",
      pattern: "^[A-Za-z0-9_-]{1,300}$",
      description: "nextCursor of the previous page; omit for the first",
    },
    // Over the cap is clamped rather than refused: a client asking for more simply pages further.
    limit: { type: "integer", minimum: 1, maximum: 999_999, description: "1 or more" },
    sort: { type: "string", enum: ["new", "top"], description: "sort is new (the default) or top" },
    window: {
      type: "string",
      enum: ["week", "all"],
      description: "window is week (the default: today and the 6 days before, UTC) or all",
    },
    remixOf: DRAWING_ID,
  },
} as const;

/** What a wall request asks for, read and checked. */
export type WallRequest =
  | { readonly sort: "new"; readonly before: GalleryCursor | undefined; readonly remixOf: string | undefined }
  | { readonly sort: "top"; readonly window: TopWindow; readonly before: TopCursor | undefined };

export const badCursor = () =>
  new HttpError(
    400,
    "bad_cursor",
    "The before cursor is not one this server gave out for this order; pass a nextCursor from GET /api/drawings unchanged, with the same sort and window, or omit it for the first page.",
  );
export const badLimit = () =>
  new HttpError(
    400,
    "bad_limit",
    `limit must be a whole number from 1; at most ${GALLERY_MAX_LIMIT} are returned per page.`,
  );
const mixed = (message: string) => new HttpError(400, "bad_query", message);

/** The request a query string makes; throws the 400 that says what to change. */
export function readWallRequest(query: WallQuery): WallRequest {
  const sort = query.sort ?? "new";
  if (sort === "new") {
    if (query.window !== undefined)
      throw mixed("window applies to sort=top only; add sort=top or leave it out.");
    const before = query.before === undefined ? undefined : decodeCursor(query.before);
    if (query.before !== undefined && before === undefined) throw badCursor();
    return { sort, before, remixOf: query.remixOf };
  }
  if (query.remixOf !== undefined) {
    throw mixed("remixOf lists a drawing's remixes newest first; leave out sort=top.");
  }
  const window = query.window ?? "week";
  const before = query.before === undefined ? undefined : decodeTopCursor(query.before, window);
  if (query.before !== undefined && before === undefined) throw badCursor();
  return { sort, window, before };
}
