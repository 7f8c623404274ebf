/** How long ago something happened, in the words people use ("5 minutes ago"), for the wall and the admin page. */

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/**
 * "just now" under a minute, else the largest whole unit ("3 minutes ago", "yesterday", "2 weeks ago").
 * A time in the future (clocks apart) reads as "just now", an invalid date as "". `locale` defaults to the
 * runtime's.
 */
export function relativeTime(then: Date, now: Date, locale?: string): string {
  const seconds = Math.round((now.getTime() - then.getTime()) / 1000);
  if (Number.isNaN(seconds)) return "";
  if (seconds < 60) return "just now";
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return "just now";
}
