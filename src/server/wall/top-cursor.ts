import { DRAWING_ID_PATTERN, type TopWindow } from "../../common/api.ts";
import { type GalleryCursor, isStoredTime } from "./wall-cursor.ts";

/** A position in the Top order (most reactions first, then newest, then the id): the last item a page ended on. */
export interface TopCursor extends GalleryCursor {
  readonly window: TopWindow;
  /**
   * The first UTC day ('2026-11-20') of the week the first page ranked: later pages rank the same seven days,
   * so a midnight between two pages moves nothing. "" for all time.
   */
  readonly since: string;
  readonly count: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const COUNT = /^(0|[1-9]\d{0,9})$/;
/** The most reactions a count column holds (PostgreSQL's integer); past it PostgreSQL answered 500. */
const MAX_COUNT = 2_147_483_647;

/** The opaque cursor clients pass back as `before` with sort=top. */
export function encodeTopCursor(cursor: TopCursor): string {
  const { window, since, count, createdAt, id } = cursor;
  return Buffer.from(`top|${window}|${since}|${count}|${createdAt}|${id}`, "utf8").toString("base64url");
}

/** Reads a Top cursor back; undefined when it is not one this server made for this window. */
export function decodeTopCursor(text: string, window: TopWindow): TopCursor | undefined {
  const parts = Buffer.from(text, "base64url").toString("utf8").split("|");
  const [tag, named, since, count, createdAt, id] = parts;
  if (parts.length !== 6 || tag !== "top" || named !== window || since === undefined) return undefined;
  if (window === "week" ? !isDay(since) : since !== "") return undefined;
  if (count === undefined || !COUNT.test(count) || Number(count) > MAX_COUNT) return undefined;
  if (createdAt === undefined || id === undefined) return undefined;
  if (!isStoredTime(createdAt) || !DRAWING_ID_PATTERN.test(id)) return undefined;
  return { window, since, count: Number(count), createdAt, id };
}

function isDay(text: string): boolean {
  return DAY.test(text) && isStoredTime(`${text}T00:00:00.000Z`);
}
