import { type Static, Type } from "typebox";
import type { TopWindow } from "../../common/api.ts";
import { GALLERY_MAX_LIMIT } from "../../common/api.ts";
import { type Credit, readCredit } from "../../common/credit.ts";
import { PROMPT_ID_SCHEMA_PATTERN } from "../../common/prompts.ts";
import { stringEnum } from "../../common/wire/kit.ts";
import { HttpError } from "../http/errors.ts";
import { DRAWING_ID } from "../http/validation.ts";
import { decodeTopCursor, type TopCursor } from "./top-cursor.ts";
import { decodeCursor, type GalleryCursor } from "./wall-cursor.ts";

/** Schema of the query string of GET /api/drawings. */
export const wallQuerySchema = Type.Object({
  before: Type.Optional(
    Type.String({
      pattern: "^[A-Za-z0-9_-]{1,300}$",
      description: "nextCursor of the previous page; omit for the first",
    }),
  ),
  // Over the cap is clamped rather than refused: a client asking for more simply pages further.
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 999_999, description: "1 or more" })),
  sort: Type.Optional(stringEnum(["new", "top"], "sort is new (the default) or top")),
  window: Type.Optional(
    stringEnum(["week", "all"], "window is week (the default: today and the 6 days before, UTC) or all"),
  ),
  remixOf: Type.Optional(DRAWING_ID),
  prompt: Type.Optional(
    Type.String({
      pattern: PROMPT_ID_SCHEMA_PATTERN,
      description: "prompt is a prompt's id (lower-case letters, digits and hyphens, from GET /api/prompts)",
    }),
  ),
  name: Type.Optional(
    Type.String({ maxLength: 1000, description: "name is a name drawings are signed with" }),
  ),
  mine: Type.Optional(Type.Boolean({ description: "mine=true lists the drawings this browser saved" })),
});

/** The query string of GET /api/drawings as its schema lets it through. */
export type WallQuery = Static<typeof wallQuerySchema>;

/** Which drawings a newest-first list holds: all, a drawing's remixes, a prompt's, a name's or this browser's. */
export type NewestScope =
  | { readonly kind: "all" }
  | { readonly kind: "remixes"; readonly of: string }
  | { readonly kind: "prompt"; readonly id: string }
  | { readonly kind: "name"; readonly credit: Credit }
  | { readonly kind: "mine" };

/** What a wall request asks for, read and checked. */
export type WallRequest =
  | { readonly sort: "new"; readonly before: GalleryCursor | undefined; readonly scope: NewestScope }
  | {
      readonly sort: "top";
      readonly window: TopWindow;
      readonly before: TopCursor | undefined;
      /** Only this prompt's entries, all of them (window "all"). */
      readonly promptId: string | undefined;
    };

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

/** The one scope a query names (remixOf, prompt, name or mine=true), or the whole wall. */
function scopeOf(query: WallQuery): NewestScope {
  const named = [
    query.remixOf === undefined ? [] : [{ kind: "remixes", of: query.remixOf } as const],
    query.prompt === undefined ? [] : [{ kind: "prompt", id: query.prompt } as const],
    query.name === undefined ? [] : [{ kind: "name", credit: creditToList(query.name) } as const],
    query.mine === true ? [{ kind: "mine" } as const] : [],
  ].flat();
  if (named.length > 1) throw mixed("Name one of remixOf, prompt, name and mine=true, not several.");
  return named[0] ?? { kind: "all" };
}

/** The name whose drawings a list shows; a name no drawing could be signed with is the 400 saying why. */
function creditToList(name: string): Credit {
  const read = readCredit(name);
  if (read.kind === "credit") return read.credit;
  throw new HttpError(
    400,
    "bad_name",
    read.kind === "none" ? "name is empty; name the name to list." : read.problem,
  );
}

/** The request a query string makes; throws the 400 that says what to change. */
export function readWallRequest(query: WallQuery): WallRequest {
  const sort = query.sort ?? "new";
  const scope = scopeOf(query);
  if (sort === "new") {
    if (query.window !== undefined)
      throw mixed("window applies to sort=top only; add sort=top or leave it out.");
    const before = query.before === undefined ? undefined : decodeCursor(query.before);
    if (query.before !== undefined && before === undefined) throw badCursor();
    return { sort, before, scope };
  }
  if (scope.kind === "prompt") {
    if (query.window !== undefined) throw mixed("A prompt's Top ranks all its entries; leave out window.");
    const before = query.before === undefined ? undefined : decodeTopCursor(query.before, "all");
    if (query.before !== undefined && before === undefined) throw badCursor();
    return { sort, window: "all", before, promptId: scope.id };
  }
  if (scope.kind !== "all") {
    throw mixed("Only the whole wall and a prompt's entries have a Top; leave out sort=top.");
  }
  const window = query.window ?? "week";
  const before = query.before === undefined ? undefined : decodeTopCursor(query.before, window);
  if (query.before !== undefined && before === undefined) throw badCursor();
  return { sort, window, before, promptId: undefined };
}
