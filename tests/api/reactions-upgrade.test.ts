import { readdir } from "node:fs/promises";
import type { FastifyInstance } from "fastify";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BRANDING } from "../../src/common/config.ts";
import { buildApp } from "../../src/server/app.ts";
import { DIALECT_SCHEMAS, type DialectSchema } from "../../src/server/db/dialect.ts";
import { MIGRATIONS_FOLDER } from "../../src/server/db/migrate.ts";
import { openStore, type Store } from "../../src/server/db/open.ts";
import type { Database } from "../../src/server/db/schema.ts";
import { saltedHasher } from "../../src/server/moderation/visitor-hash.ts";
import { createTestDatabase, type Dialect, type TestDatabase, testDialects } from "./helpers/dialects.ts";
import { moderation } from "./helpers/moderation.ts";
import { drawingPng } from "./helpers/png.ts";
import { newBrowser, react, reactionRows, reactionsOf, unreact } from "./helpers/reactions.ts";

// Reactions given before they belonged to browsers were keyed by their address's salted hash. After the
// upgrade they keep counting, count as one browser of their address, and the first browser of that address
// to give the same reaction takes it over instead of counting the person twice.

const MIGRATION = "20261127100000_reactions_per_browser";
const LEGACY_ADDRESS = "10.90.0.1";

for (const dialect of testDialects()) {
  describe(`reactions stored before the upgrade, on ${dialect}`, () => {
    let database: TestDatabase;
    let store: Store;
    let app: FastifyInstance;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      const before = await openStore(database.config);
      await downgrade(before.db, dialect);
      await giveLegacyReactions(before.db);
      await before.close();
      store = await openStore(database.config);
      app = await buildApp({
        branding: DEFAULT_BRANDING,
        store,
        clientDir: "/nonexistent/fanvas-client",
        logger: false,
        moderation: moderation({ reactionBrowsersPerAddress: 2 }),
      });
    });
    afterAll(async () => {
      await app.close();
      await store.close();
      await database.drop();
    });

    it("keeps their counts, marks each with its address, and shows them as no browser's own", async () => {
      const rows = await reactionRows(store.db, "legacyheart1");
      expect(rows).toHaveLength(1);
      expect(rows[0]?.address_hash).toBe(rows[0]?.reactor_hash);
      expect(await reactionsOf(app, "legacyheart1", newBrowser(LEGACY_ADDRESS))).toMatchObject({
        reactions: { heart: 1, fire: 0, lol: 0 },
        version: 1,
        reacted: [],
      });
    });

    it("lets the first browser of that address giving the same reaction take it over, then take it back", async () => {
      const owner = newBrowser(LEGACY_ADDRESS);
      const taken = await react(app, "legacyheart1", "heart", owner);
      expect(taken.json()).toMatchObject({ reactions: { heart: 1 }, reacted: ["heart"] });
      expect(await reactionRows(store.db, "legacyheart1")).toHaveLength(1);
      // Another browser of that address finds nothing left to take over: its heart is its own.
      expect((await react(app, "legacyheart1", "heart", newBrowser(LEGACY_ADDRESS))).json()).toMatchObject({
        reactions: { heart: 2 },
      });
      expect((await unreact(app, "legacyheart1", "heart", owner)).json()).toMatchObject({
        reactions: { heart: 1 },
        reacted: [],
      });
    });

    it("counts the address's old reactions as one of its browsers for the cap, and takes no others over", async () => {
      // REACTION_BROWSERS_PER_ADDRESS=2: the old heart is one browser of its address, so one more may react.
      expect((await react(app, "legacyheart2", "fire", newBrowser(LEGACY_ADDRESS))).statusCode).toBe(200);
      expect((await react(app, "legacyheart2", "fire", newBrowser(LEGACY_ADDRESS))).statusCode).toBe(403);
      // Another address's browser giving the same kind adds to the count.
      expect((await react(app, "legacyheart2", "heart", newBrowser("10.90.0.2"))).json()).toMatchObject({
        reactions: { heart: 2, fire: 1 },
      });
    });
  });
}

/** Takes the store back to before reactions belonged to browsers, as main left it. */
async function downgrade(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  // MIGRATION and every later one, newest first.
  const names = (await readdir(MIGRATIONS_FOLDER))
    .map((file) => file.replace(/\.ts$/, ""))
    .filter((name) => name >= MIGRATION)
    .sort()
    .reverse();
  for (const name of names) {
    const migration = (await import(`../../src/server/db/migrations/${name}.ts`)) as {
      down(db: Kysely<unknown>, dialect: DialectSchema): Promise<void>;
    };
    await migration.down(db as unknown as Kysely<unknown>, DIALECT_SCHEMAS[dialect]);
    await sql`delete from kysely_migration where name = ${name}`.execute(db);
  }
}

/** Two drawings, each with a heart given the old way: keyed by the salted hash of LEGACY_ADDRESS. */
async function giveLegacyReactions(db: Kysely<Database>): Promise<void> {
  const addressHash = await saltedHasher(db)(LEGACY_ADDRESS);
  for (const [index, id] of ["legacyheart1", "legacyheart2"].entries()) {
    // The columns of the schema as it was then (a later migration's would not exist yet).
    const png = await drawingPng(600, 600, 900 + index);
    const at = new Date().toISOString();
    await sql`insert into drawings (id, image_data, byte_size, sha256, created_at, upload_sha256, created_day)
      values (${id}, ${png}, ${png.byteLength}, ${`${index}`.repeat(64)}, ${at}, ${`${index}`.repeat(64)},
      ${at.slice(0, 10)})`.execute(db);
    await sql`insert into reactions (drawing_id, reactor_hash, kind, created_at)
      values (${id}, ${addressHash}, 'heart', ${new Date().toISOString()})`.execute(db);
    await db
      .updateTable("drawings")
      .set({ heart_count: 1, reaction_count: 1, reactions_version: 1 })
      .where("id", "=", id)
      .execute();
  }
}
