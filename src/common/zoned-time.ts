/**
 * Instants from the words an operator writes a prompt's dates in: "2026-11-30" (a day), "2026-11-30T18:00" (a
 * time on a day) in an IANA time zone ("Europe/Berlin"), or an ISO 8601 time with its offset
 * ("2026-11-30T18:00:00-05:00"). No DOM, no Node: Intl knows the zones' rules (summer time included).
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** True for a time zone this runtime knows ("UTC", "America/New_York"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** How far ahead of UTC the zone's clocks are at `instant`, in milliseconds. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((found) => found.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return wall - (instant - (instant % 1000));
}

/**
 * The instant the zone's clocks show this wall time. A wall time the clocks skip or show twice (the hour of a
 * change to or from summer time) is read as the earlier of the two instants the offsets around it give.
 */
function zonedInstant(fields: readonly number[], timeZone: string): number {
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = fields;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // The offset at the wall time read as UTC is a guess; the offset at the guess is right unless a change of the
  // zone's clocks lies between them, and the earlier of the two then is the answer.
  const guess = wall - zoneOffsetMs(wall, timeZone);
  const refined = wall - zoneOffsetMs(guess, timeZone);
  return Math.min(guess, refined);
}

/** Which end of a day a date alone stands for: a prompt starts at the start of its first day, ends after its last. */
export type DayEdge = "start" | "end";

/**
 * The instant (epoch milliseconds) `text` names, or undefined when it is none of the three forms or names a day or
 * time that does not exist (2026-02-30). A date alone is the start of that day in `timeZone`, or for "end" the
 * start of the next (so a prompt that ends on the 30th runs through the 30th).
 */
export function instantOf(text: string, timeZone: string, edge: DayEdge): number | undefined {
  const trimmed = text.trim();
  if (WITH_OFFSET.test(trimmed)) {
    const instant = Date.parse(trimmed);
    return Number.isNaN(instant) || !realDay(trimmed.slice(0, 10)) ? undefined : instant;
  }
  const day = DAY.exec(trimmed);
  if (day !== null) {
    if (!realDay(trimmed)) return undefined;
    const [year, month, date] = day.slice(1).map(Number) as [number, number, number];
    return zonedInstant([year, month, date + (edge === "end" ? 1 : 0)], timeZone);
  }
  const local = LOCAL_TIME.exec(trimmed);
  if (local === null || !realDay(trimmed.slice(0, 10))) return undefined;
  const fields = local.slice(1).map((value) => Number(value ?? 0));
  if ((fields[3] ?? 0) > 23 || (fields[4] ?? 0) > 59 || (fields[5] ?? 0) > 59) return undefined;
  return zonedInstant(fields, timeZone);
}

function realDay(text: string): boolean {
  const instant = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(instant) && new Date(instant).toISOString().slice(0, 10) === text;
}

/** "30 Nov": the day an instant falls on in the zone, as a banner or a tab says it (British English). */
export function dayInZone(instant: number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone }).format(instant);
}
