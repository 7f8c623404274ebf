import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "../../src/server/db/migrate.ts";
import { openStore, type Store } from "../../src/server/db/open.ts";
import { isoTime } from "../../src/server/db/values.ts";
import { findDrawingImage, insertDrawing } from "../../src/server/drawings/queries.ts";
import { listForAdmin } from "../../src/server/moderation/admin-queries.ts";
import { createTestDatabase, type Dialect, openTestStore, testDialects } from "./helpers/dialects.ts";
import { drawingPng } from "./helpers/png.ts";
import { asSqliteWouldHoldIt, type SchemaShape, schemaOf } from "./helpers/schema.ts";

// One migration set for both stores (src/server/db/migrations, the dialect's differences in db/dialect.ts):
// it must build the same tables, column by column, on SQLite and PostgreSQL, and a database the two old
// per-dialect sets made (tests/fixtures/schema-v1) must upgrade without running anything again.

const FIXTURES = join(import.meta.dirname, "..", "fixtures", "schema-v1");
const fixture = (dialect: Dialect) => readFileSync(join(FIXTURES, `${dialect}.sql`), "utf8");
/** The migrations main's databases recorded before the sets were merged. */
const recordedNames = [...fixture("sqlite").matchAll(/INSERT INTO kysely_migration VALUES\('([^']+)'/g)].map(
  (match) => match[1],
);

/** The schema of a fresh database of this dialect, migrated by the set. */
async function freshSchema(dialect: Dialect): Promise<SchemaShape> {
  const opened = await openTestStore(dialect);
  try {
    return await schemaOf(opened.store);
  } finally {
    await opened.close();
  }
}

describe("the migration set", () => {
  it("is one folder of timestamped files, named as main's databases recorded them", () => {
    const files = readdirSync(MIGRATIONS_FOLDER).sort();
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) expect(name).toMatch(/^\d{14}_[a-z0-9_]+\.ts$/);
    expect(recordedNames).toHaveLength(5);
    expect(files.map((file) => file.replace(/\.ts$/, "")).slice(0, recordedNames.length)).toEqual(
      recordedNames,
    );
  });

  it("builds the tables, columns, keys and indexes the app reads (SQLite)", async () => {
    const shape = await freshSchema("sqlite");
    expect(Object.keys(shape)).toEqual([
      "admin_sessions",
      "blocked_names",
      "drawings",
      "prompts",
      "reactions",
      "reports",
      "room_bans",
      "room_entries",
      "room_live",
      "room_people",
      "room_pictures",
      "rooms",
      "server_secrets",
    ]);
    expect(shape.room_entries?.foreignKeys).toEqual(["room_id -> rooms.id on delete cascade"]);
    expect(shape.drawings?.columns.map((column) => `${column.name} ${column.type}`)).toEqual([
      "id text",
      "image_data bytes",
      "byte_size integer",
      "sha256 text",
      "created_at text",
      "idempotency_key text",
      "upload_sha256 text",
      "reencoded_at text",
      "status text",
      "thumbnail_webp bytes",
      "reviewed_at text",
      "heart_count integer",
      "fire_count integer",
      "lol_count integer",
      "reaction_count integer",
      "reactions_version integer",
      "created_day text",
      "remix_of text",
      "card_png bytes",
      "card_style text",
      "credit_name text",
      "credit_key text",
      "saver_hash text",
      "prompt_id text",
      "prompt_place integer",
      "making bytes",
      "making_sha256 text",
    ]);
    expect(shape.drawings?.indexes.map((index) => index.name)).toHaveLength(14);
    expect(shape.reports?.foreignKeys).toEqual(["drawing_id -> drawings.id on delete cascade"]);
    // Reactions: one row per drawing, visitor and kind; the Top and remix orders each have their index.
    expect(shape.reactions?.columns.filter((column) => column.primaryKey > 0).map((c) => c.name)).toEqual([
      "drawing_id",
      "reactor_hash",
      "kind",
    ]);
    expect(shape.reactions?.foreignKeys).toEqual(["drawing_id -> drawings.id on delete cascade"]);
    expect(shape.drawings?.foreignKeys).toEqual(["remix_of -> drawings.id on delete set null"]);
    const indexes = Object.fromEntries((shape.drawings?.indexes ?? []).map((index) => [index.name, index]));
    expect(indexes.drawings_top?.columns).toEqual(["status", "reaction_count", "created_at", "id"]);
    expect(indexes.drawings_top_by_day?.columns).toEqual([
      "status",
      "created_day",
      "reaction_count",
      "created_at",
      "id",
    ]);
    expect(indexes.drawings_remixes).toMatchObject({
      columns: ["remix_of", "status", "created_at", "id"],
      where: "remix_of is not null",
    });
    // A prompt's tab (newest and Top), a name's page and a browser's drawings: each its own index range.
    for (const [name, columns] of [
      ["drawings_prompt_new", ["prompt_id", "status", "created_at", "id"]],
      ["drawings_prompt_top", ["prompt_id", "status", "reaction_count", "created_at", "id"]],
      ["drawings_by_credit", ["credit_key", "status", "created_at", "id"]],
      ["drawings_by_saver", ["saver_hash", "status", "created_at", "id"]],
    ] as const) {
      expect(indexes[name], name).toMatchObject({ columns, where: `${columns[0]} is not null` });
    }
    expect(shape.prompts?.columns.filter((column) => column.primaryKey > 0).map((c) => c.name)).toEqual([
      "id",
    ]);
    expect(shape.blocked_names?.columns.filter((column) => column.primaryKey > 0).map((c) => c.name)).toEqual(
      ["name_key"],
    );
  });

  if (testDialects().includes("postgres")) {
    it("builds the same tables on SQLite and PostgreSQL, column by column", async () => {
      const [sqlite, postgres] = await Promise.all([freshSchema("sqlite"), freshSchema("postgres")]);
      // Times are the one type the stores name differently: timestamptz(3) there, ISO text here.
      expect(asSqliteWouldHoldIt(postgres)).toEqual(sqlite);
      expect(postgres.drawings?.columns.find((column) => column.name === "created_at")?.type).toBe("time");
    });

    it("keeps a drawing's making out of line and uncompressed on PostgreSQL (no pglz attempt on a save's path)", async () => {
      const opened = await openTestStore("postgres");
      try {
        const { rows } = await sql<{ attstorage: string }>`
          select attstorage from pg_attribute
          where attrelid = 'drawings'::regclass and attname = 'making'`.execute(opened.store.db);
        // 'e': EXTERNAL, out of line and never compressed; PostgreSQL's default for bytea is 'x' (EXTENDED).
        expect(rows).toEqual([{ attstorage: "e" }]);
      } finally {
        await opened.close();
      }
    });
  }
});

for (const dialect of testDialects()) {
  describe(`upgrading a database main made, on ${dialect}`, () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let store: Store;
    let recordedBefore: unknown[];
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      await load(dialect, database.config);
      store = await openStore(database.config);
      recordedBefore = await migrationRows(store);
    });
    afterAll(async () => {
      await store.close();
      await database.drop();
    });

    it("runs no migration again and ends with the tables a fresh database has", async () => {
      expect(recordedBefore.map((row) => (row as { name: string }).name)).toEqual(
        readdirSync(MIGRATIONS_FOLDER)
          .sort()
          .map((file) => file.replace(/\.ts$/, "")),
      );
      expect(await schemaOf(store)).toEqual(await freshSchema(dialect));
      const again = await openStore(database.config);
      expect(await migrationRows(again)).toEqual(recordedBefore);
      await again.close();
    });

    it("keeps the drawing and the report it held, and stores new drawings", async () => {
      const kept = await findDrawingImage(store.db, "fixtureid001");
      expect(kept?.bytes.equals(await drawingPng(600, 600, 5))).toBe(true);
      // The upgrade gave it no reactions and its UTC day, so it ranks on the Top walls too.
      const ranked = await store.db
        .selectFrom("drawings")
        .select(["created_at", "created_day", "reaction_count", "heart_count", "remix_of"])
        .where("id", "=", "fixtureid001")
        .executeTakeFirstOrThrow();
      expect(ranked).toMatchObject({ reaction_count: 0, heart_count: 0, remix_of: null });
      expect(ranked.created_day).toBe(isoTime(ranked.created_at).slice(0, 10));
      const reported = await listForAdmin(store.db, "reported", 10);
      expect(reported).toMatchObject([{ id: "fixtureid001", reportCount: 1, status: "visible" }]);
      const png = await drawingPng(600, 600, 6);
      await insertDrawing(store.db, {
        id: "afterupgrad1",
        png,
        sha256: "ab".repeat(32),
        createdAt: new Date(),
      });
      expect((await findDrawingImage(store.db, "afterupgrad1"))?.bytes.equals(png)).toBe(true);
    });
  });
}

/** Loads the fixture: the SQL dump of a database the old migrations made. */
async function load(dialect: Dialect, config: Awaited<ReturnType<typeof createTestDatabase>>["config"]) {
  if (config.dialect === "sqlite") {
    const database = new DatabaseSync(config.file);
    database.exec(fixture(dialect));
    database.close();
    return;
  }
  const client = new pg.Client({ connectionString: config.connectionString });
  await client.connect();
  try {
    await client.query(fixture(dialect));
  } finally {
    await client.end();
  }
}

async function migrationRows(store: Store): Promise<unknown[]> {
  const rows = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration
    order by name`.execute(store.db);
  return rows.rows;
}
