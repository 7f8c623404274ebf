import { type Kysely, sql } from "kysely";
import type { Database } from "../src/server/db/schema.ts";
import type { Dialect } from "./server/databases.ts";

// The wall bench's rows, made by the database itself: one INSERT ... SELECT over a generated series per table
// (a recursive CTE on SQLite, generate_series on PostgreSQL), so 100,000 drawings and 1,000,000 reactions take
// seconds, not the minutes row-by-row saves would. What a save does per row (validation, thumbnails) does not
// touch the list's queries, so every drawing shares one small PNG and no thumbnail.

/** How many days back the drawings go: "this week" then holds about a quarter of them. */
export const SPREAD_DAYS = 28;
/** Reactions per statement: bounded, so neither database holds one huge statement's work in memory. */
const REACTIONS_PER_STATEMENT = 250_000;

/** A series 0 .. count - 1 as a relation `series(n)`, in the dialect's own way. */
function series(dialect: Dialect, from: number, count: number) {
  return dialect === "postgres"
    ? sql`(select n from generate_series(${sql.lit(from)}::bigint, ${sql.lit(from + count - 1)}::bigint) as g(n)) as series`
    : sql`(with recursive s(n) as (select ${sql.lit(from)} union all select n + 1 from s where n < ${sql.lit(from + count - 1)}) select n from s) as series`;
}

/**
 * `drawings` visible drawings, ids "w" + 11 digits, one every SPREAD_DAYS / drawings of the last SPREAD_DAYS
 * days (row 0 newest), each with its created_day as a save writes it.
 */
export async function seedWallDrawings(
  db: Kysely<Database>,
  dialect: Dialect,
  drawings: number,
  png: Buffer,
  now: number,
): Promise<void> {
  const stepMs = Math.floor((SPREAD_DAYS * 86_400_000) / drawings);
  const hex = png.toString("hex");
  const values =
    dialect === "postgres"
      ? sql`'w' || lpad(n::text, 11, '0'), decode(${sql.lit(hex)}, 'hex'), ${sql.lit(png.length)},
          md5(n::text) || md5(n::text), to_timestamp((${sql.lit(now)} - n * ${sql.lit(stepMs)}) / 1000.0),
          to_char(to_timestamp((${sql.lit(now)} - n * ${sql.lit(stepMs)}) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD')`
      : sql`'w' || substr('00000000000' || n, -11), x'${sql.raw(hex)}', ${sql.lit(png.length)},
          printf('%064d', n), strftime('%Y-%m-%dT%H:%M:%fZ', (${sql.lit(now)} - n * ${sql.lit(stepMs)}) / 1000.0, 'unixepoch'),
          strftime('%Y-%m-%d', (${sql.lit(now)} - n * ${sql.lit(stepMs)}) / 1000.0, 'unixepoch')`;
  await sql`insert into drawings (id, image_data, byte_size, sha256, created_at, created_day)
    select ${values} from ${series(dialect, 0, drawings)}`.execute(db);
  // Done already, so the server's background worker finds nothing to do and the timings are the list's alone.
  await sql`update drawings set reencoded_at = created_at, upload_sha256 = sha256`.execute(db);
}

/**
 * `reactions` reactions on the first `drawings` drawings, every one from its own visitor, skewed the way a wall
 * is (a quarter spread over every drawing, a quarter over the newer half, a quarter over the newest quarter, a
 * quarter over the newest eighth), kinds in turn; then each drawing's counters, as the toggles keep them.
 */
export async function seedWallReactions(
  db: Kysely<Database>,
  dialect: Dialect,
  drawings: number,
  reactions: number,
  now: number,
): Promise<void> {
  const at = new Date(now).toISOString();
  const id =
    dialect === "postgres"
      ? sql`'w' || lpad((((n * 7919) % ${sql.lit(drawings)}) % (${sql.lit(drawings)} / (1 << (n % 4)::int)))::text, 11, '0')`
      : sql`'w' || substr('00000000000' || (((n * 7919) % ${sql.lit(drawings)}) % (${sql.lit(drawings)} / (1 << (n % 4)))), -11)`;
  const kind = sql`case n % 3 when 0 then 'heart' when 1 then 'fire' else 'lol' end`;
  for (let from = 0; from < reactions; from += REACTIONS_PER_STATEMENT) {
    const count = Math.min(REACTIONS_PER_STATEMENT, reactions - from);
    await sql`insert into reactions (drawing_id, reactor_hash, kind, created_at)
      select ${id}, 'visitor' || n, ${kind}, ${at} from ${series(dialect, from, count)}`.execute(db);
  }
  const counted = (which: string | null) =>
    which === null
      ? sql`(select count(*) from reactions r where r.drawing_id = drawings.id)`
      : sql`(select count(*) from reactions r where r.drawing_id = drawings.id and r.kind = ${which})`;
  await sql`update drawings set heart_count = ${counted("heart")}, fire_count = ${counted("fire")},
    lol_count = ${counted("lol")}, reaction_count = ${counted(null)}, reactions_version = ${counted(null)}`.execute(
    db,
  );
  if (dialect === "postgres") await sql`analyze`.execute(db);
}
