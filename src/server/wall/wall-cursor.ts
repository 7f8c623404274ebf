import { DRAWING_ID_PATTERN } from "../../common/api.ts";

/** A position in the wall's newest-first order: the last item a page ended on. */
export interface GalleryCursor {
  /** ISO 8601 with milliseconds and Z, exactly as stored (SQLite compares it as text). */
  readonly createdAt: string;
  readonly id: string;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/**
 * The times a cursor may name: both stores take them alike. PostgreSQL has no year 0000 (it answered 500 where
 * SQLite compared text), and no drawing was stored before 1970 or after 9999.
 */
const EARLIEST = Date.parse("1970-01-01T00:00:00.000Z");
const LATEST = Date.parse("9999-12-31T23:59:59.999Z");

/** The opaque cursor clients pass back as `before`; also the SSE event id of a drawing. */
export function encodeCursor(cursor: GalleryCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, "utf8").toString("base64url");
}

/** Reads a cursor back; undefined when it is not one this server made (the route answers 400). */
export function decodeCursor(text: string): GalleryCursor | undefined {
  const [createdAt, id, ...rest] = Buffer.from(text, "base64url").toString("utf8").split("|");
  if (createdAt === undefined || id === undefined || rest.length > 0) return undefined;
  if (!isStoredTime(createdAt) || !DRAWING_ID_PATTERN.test(id)) return undefined;
  return { createdAt, id };
}

/**
 * True for a time as the store writes it, from 1970 to 9999; 2026-13-45T... is refused: a time that does not
 * exist compares oddly.
 */
export function isStoredTime(text: string): boolean {
  const time = Date.parse(text);
  if (!ISO_TIME.test(text) || Number.isNaN(time) || time < EARLIEST || time > LATEST) return false;
  return new Date(time).toISOString() === text;
}
