/** A stored created_at as ISO 8601: PostgreSQL reads timestamptz as a Date, SQLite gives back the string it was given. */
export function isoTime(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : value;
}
