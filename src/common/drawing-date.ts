/**
 * When a drawing was made, in one format wherever it is shown (the wall's cards, the permalink page): the date
 * with a short month name and the time to the minute, in the visitor's locale and time zone ("27 Nov 2026,
 * 16:04" in Britain, "Nov 27, 2026, 4:04 PM" in the US). No DOM, no Node.
 */

/** Where a server renders a date before the visitor's browser puts it in their own words: British, UTC. */
export const SERVER_DATE_LOCALE = { locale: "en-GB", timeZone: "UTC" } as const;

/** The drawing's time; `locale` and `timeZone` default to the runtime's (the visitor's, in a browser). "" when invalid. */
export function formatDrawingDate(when: Date, locale?: string, timeZone?: string): string {
  if (Number.isNaN(when.getTime())) return "";
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(when);
}

/**
 * The day alone, as a link card's title says it ("27 Nov"; "27 Nov 2025" in another year than `now`'s), in
 * UTC and British English: a card is made once for everyone who sees it.
 */
export function cardDay(when: Date, now: Date = new Date()): string {
  if (Number.isNaN(when.getTime())) return "";
  const sameYear = when.getUTCFullYear() === now.getUTCFullYear();
  return new Intl.DateTimeFormat(SERVER_DATE_LOCALE.locale, {
    day: "numeric",
    month: "short",
    ...(sameYear ? {} : { year: "numeric" }),
    timeZone: SERVER_DATE_LOCALE.timeZone,
  }).format(when);
}
