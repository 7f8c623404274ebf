import { type Kysely, type RawBuilder, sql } from "kysely";
import sharp from "sharp";
import { CANVAS_SIZE } from "../../src/common/constants.ts";
import type { Database } from "../../src/server/db/schema.ts";
import type { Dialect } from "./databases.ts";

// The wall benches' rows (the server area's wall pages, the wall area's lists), made by the database itself: one INSERT ... SELECT
// over a generated series per table (a recursive CTE on SQLite, generate_series on PostgreSQL), so 100,000
// drawings and 1,000,000 reactions take seconds, not the minutes row-by-row inserts would. What a save does per row
// (validation, hashing, re-encoding) does not touch the list's queries, so every drawing shares one small PNG and
// one thumbnail.

/** Reactions per statement: bounded, so neither database holds one huge statement's work in memory. */
const REACTIONS_PER_STATEMENT = 250_000;

/** What every seeded drawing is made of: a flat 600 x 600 PNG and a WebP thumbnail of it. */
export interface SeedMaterial {
  readonly png: Buffer;
  readonly thumbnail: Buffer;
}

/** The seeded drawings' bytes, made once per bench. */
export async function seedMaterial(): Promise<SeedMaterial> {
  const flat = (size: number) =>
    sharp({ create: { width: size, height: size, channels: 3, background: "#ffffff" } });
  const [png, thumbnail] = await Promise.all([
    flat(CANVAS_SIZE).png().toBuffer(),
    flat(CANVAS_SIZE / 2)
      .webp({ quality: 80 })
      .toBuffer(),
  ]);
  return { png, thumbnail };
}

/** Which rows to seed: row n (from <= n < to) is `stepMs` x n older than `newest` (epoch ms), row 0 newest. */
export interface SeedRows {
  readonly from: number;
  readonly to: number;
  readonly newest: number;
  readonly stepMs: number;
}

/** The name every SIGNED_EVERY-th seeded drawing is signed with (for a name's page). */
export const BENCH_NAME = "Bench Artist";
/** One drawing in this many is signed BENCH_NAME: 50 of 1,000, 5,000 of 100,000. */
export const SIGNED_EVERY = 20;
/** The prompt the drawings of the newest week are entered in (for a prompt's tab). */
export const BENCH_PROMPT = "bench-prompt";
const WEEK_MS = 7 * 86_400_000;

/** A series from .. from + count - 1 as a relation `series(n)`, in the dialect's own way. */
function series(dialect: Dialect, from: number, count: number) {
  return dialect === "postgres"
    ? sql`(select n from generate_series(${sql.lit(from)}::bigint, ${sql.lit(from + count - 1)}::bigint) as g(n)) as series`
    : sql`(with recursive s(n) as (select ${sql.lit(from)} union all select n + 1 from s where n < ${sql.lit(from + count - 1)}) select n from s) as series`;
}

/** Drawing n's id, "w" + n in 11 digits, from the SQL expression `n`. */
function drawingId(dialect: Dialect, n: RawBuilder<unknown>) {
  return dialect === "postgres"
    ? sql`'w' || lpad((${n})::text, 11, '0')`
    : sql`'w' || substr('00000000000' || (${n}), -11)`;
}

/** Bytes as an SQL literal of the dialect. */
function bytes(dialect: Dialect, data: Buffer) {
  const hex = data.toString("hex");
  return dialect === "postgres" ? sql`decode(${sql.lit(hex)}, 'hex')` : sql`x'${sql.raw(hex)}'`;
}

/**
 * Visible drawings `rows.from` .. `rows.to - 1`, each with its created_day as a save writes it, and with re-encoding
 * and thumbnail done already, so the server's background worker finds nothing to do and the timings are the list's
 * alone.
 */
export async function seedDrawings(
  db: Kysely<Database>,
  dialect: Dialect,
  material: SeedMaterial,
  rows: SeedRows,
): Promise<void> {
  const { png, thumbnail } = material;
  const epochMs = sql`(${sql.lit(rows.newest)} - n * ${sql.lit(rows.stepMs)})`;
  const [sha256, createdAt, createdDay] =
    dialect === "postgres"
      ? [
          sql`md5(n::text) || md5(n::text)`,
          sql`to_timestamp(${epochMs} / 1000.0)`,
          sql`to_char(to_timestamp(${epochMs} / 1000.0) at time zone 'UTC', 'YYYY-MM-DD')`,
        ]
      : [
          sql`printf('%064d', n)`,
          sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${epochMs} / 1000.0, 'unixepoch')`,
          sql`strftime('%Y-%m-%d', ${epochMs} / 1000.0, 'unixepoch')`,
        ];
  // Each row complete in the one INSERT: an UPDATE afterwards wrote every row twice and, on PostgreSQL, left a dead
  // version of each (in every index too: reencoded_at is indexed) under the lists being timed.
  // Every SIGNED_EVERY-th drawing is signed BENCH_NAME, and the newest week's are entered in BENCH_PROMPT.
  const signed = sql`case when n % ${sql.lit(SIGNED_EVERY)} = 0 then`;
  const entered = sql`case when ${epochMs} > ${sql.lit(rows.newest - WEEK_MS)} then ${sql.lit(BENCH_PROMPT)} end`;
  await sql`insert into drawings (id, image_data, byte_size, thumbnail_webp, sha256, upload_sha256, created_at,
      reencoded_at, created_day, credit_name, credit_key, prompt_id)
    select ${drawingId(dialect, sql`n`)}, ${bytes(dialect, png)}, ${sql.lit(png.length)}, ${bytes(dialect, thumbnail)},
      ${sha256}, ${sha256}, ${createdAt}, ${createdAt}, ${createdDay},
      ${signed} ${sql.lit(BENCH_NAME)} end, ${signed} ${sql.lit(BENCH_NAME.toLowerCase())} end, ${entered}
    from ${series(dialect, rows.from, rows.to - rows.from)}`.execute(db);
}

/**
 * `reactions` reactions on the first `drawings` drawings, every one from its own browser and address, skewed
 * the way a wall is (a quarter spread over every drawing, a quarter over the newer half, a quarter over the
 * newest quarter, a quarter over the newest eighth), kinds in turn; then each drawing's counters, as the
 * toggles keep them.
 */
export async function seedReactions(
  db: Kysely<Database>,
  dialect: Dialect,
  drawings: number,
  reactions: number,
  now: number,
): Promise<void> {
  const at = new Date(now).toISOString();
  const shift = dialect === "postgres" ? sql`(n % 4)::int` : sql`(n % 4)`;
  const id = drawingId(
    dialect,
    sql`((n * 7919) % ${sql.lit(drawings)}) % (${sql.lit(drawings)} / (1 << ${shift}))`,
  );
  const kind = sql`case n % 3 when 0 then 'heart' when 1 then 'fire' else 'lol' end`;
  for (let from = 0; from < reactions; from += REACTIONS_PER_STATEMENT) {
    const count = Math.min(REACTIONS_PER_STATEMENT, reactions - from);
    await sql`insert into reactions (drawing_id, reactor_hash, address_hash, kind, created_at)
      select ${id}, 'browser' || n, 'address' || n, ${kind}, ${at} from ${series(dialect, from, count)}`.execute(
      db,
    );
  }
  const counted = (which: string | null) =>
    which === null
      ? sql`(select count(*) from reactions r where r.drawing_id = drawings.id)`
      : sql`(select count(*) from reactions r where r.drawing_id = drawings.id and r.kind = ${which})`;
  await sql`update drawings set heart_count = ${counted("heart")}, fire_count = ${counted("fire")},
    lol_count = ${counted("lol")}, reaction_count = ${counted(null)}, reactions_version = ${counted(null)}`.execute(
    db,
  );
}
