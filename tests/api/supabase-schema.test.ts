/**
 * supabase/schema.sql on a real PostgreSQL: applied to a fresh database, then used as Supabase's `anon` role
 * would use it through PostgREST (SET ROLE anon): insert only, read visible rows only, never update or delete.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MAX_UPLOAD_BYTES } from "../../src/common/constants.ts";
import { DRAWING_LIMITS } from "../../src/common/drawing-document/limits.ts";
import { createTestDatabase, type TestDatabase, testDialects } from "./helpers/dialects.ts";
import { makingOf } from "./helpers/making.ts";
import { ensureSupabaseRoles } from "./helpers/supabase-roles.ts";

const SCHEMA = readFileSync(path.resolve(import.meta.dirname, "../../supabase/schema.sql"), "utf8");
const PREFIX = "data:image/png;base64,";
/** A real 1 x 1 PNG; the schema checks the data URL's shape and size, not the picture. */
const TINY_PNG = `${PREFIX}iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==`;

test("schema.sql's size limits are exactly the server's 2 MiB upload and log limits in base64", () => {
  const limit = /char_length\(image_data\) <= (\d+)/.exec(SCHEMA)?.[1];
  expect(Number(limit)).toBe(PREFIX.length + 4 * Math.ceil(MAX_UPLOAD_BYTES / 3));
  const makingLimit = /char_length\(making\) <= (\d+)/.exec(SCHEMA)?.[1];
  expect(Number(makingLimit)).toBe(4 * Math.ceil(DRAWING_LIMITS.bytes / 3));
});

for (const dialect of testDialects().filter((name) => name === "postgres")) {
  describe("supabase/schema.sql on PostgreSQL, as the anon role", () => {
    let database: TestDatabase;
    let client: pg.Client;

    /** Runs one statement as anon; resolves with its rows, or rejects with PostgreSQL's error. */
    async function asAnon(sql: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
      await client.query("set role anon");
      try {
        return (await client.query(sql, values)).rows;
      } finally {
        await client.query("reset role");
      }
    }

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      const connectionString = database.env.DATABASE_URL ?? "";
      await ensureSupabaseRoles(connectionString);
      client = new pg.Client({ connectionString });
      await client.connect();
      // Twice: the script must be safe to run again on a project that already has it.
      await client.query(SCHEMA);
      await client.query(SCHEMA);
    });

    afterAll(async () => {
      await client?.end();
      await database?.drop();
    });

    test("anon inserts a PNG data URL and reads the new row back as visible, as insert().select() does", async () => {
      const [row] = await asAnon("insert into drawings (image_data) values ($1) returning *", [TINY_PNG]);
      expect(row).toMatchObject({ image_data: TINY_PNG, status: "visible" });
      expect(String(row?.id)).toMatch(/^[0-9a-f-]{36}$/);
      expect(row?.created_at).toBeInstanceOf(Date);
    });

    test("anon cannot choose the status, id or creation time of a new row", async () => {
      for (const [column, value] of [
        ["status", "visible"],
        ["id", "00000000-0000-4000-8000-000000000000"],
        ["created_at", "2000-01-01T00:00:00Z"],
      ] as const) {
        await expect(
          asAnon(`insert into drawings (image_data, ${column}) values ($1, $2)`, [TINY_PNG, value]),
          column,
        ).rejects.toMatchObject({ code: "42501" });
      }
    });

    test("anything but a PNG data URL of at most 2 MiB is refused", async () => {
      const tooLarge = `${PREFIX}iVBORw0KGgo${"A".repeat(4 * Math.ceil(MAX_UPLOAD_BYTES / 3))}`;
      for (const imageData of [
        "data:text/html;base64,PHNjcmlwdD4=",
        `${PREFIX}R0lGODlhAQABAAAAACw=`,
        `${PREFIX}iVBORw0KGgo<script>`,
        "iVBORw0KGgoAAAANSUhEUg==",
        tooLarge,
      ]) {
        await expect(
          asAnon("insert into drawings (image_data) values ($1)", [imageData]),
          imageData.slice(0, 40),
        ).rejects.toMatchObject({ code: expect.stringMatching(/^(23514|42501)$/) });
      }
    });

    test("anon may store a drawing's making beside it: a drawing log in base64 of at most 2 MiB, or none", async () => {
      const making = Buffer.from(makingOf()).toString("base64");
      const [row] = await asAnon(
        "insert into drawings (image_data, making) values ($1, $2) returning making",
        [TINY_PNG, making],
      );
      expect(row?.making).toBe(making);
      const tooLarge = `RlZEUg${"A".repeat(4 * Math.ceil(DRAWING_LIMITS.bytes / 3))}`;
      for (const bad of [Buffer.from("not a log").toString("base64"), "RlZEUg<script>", tooLarge]) {
        await expect(
          asAnon("insert into drawings (image_data, making) values ($1, $2)", [TINY_PNG, bad]),
          bad.slice(0, 20),
        ).rejects.toMatchObject({ code: "23514" });
      }
    });

    test("anon can neither update nor delete a drawing", async () => {
      await asAnon("insert into drawings (image_data) values ($1)", [TINY_PNG]);
      await expect(asAnon("update drawings set status = 'hidden'")).rejects.toMatchObject({ code: "42501" });
      await expect(asAnon("update drawings set image_data = $1", [TINY_PNG])).rejects.toMatchObject({
        code: "42501",
      });
      await expect(asAnon("delete from drawings")).rejects.toMatchObject({ code: "42501" });
      const { rows } = await client.query("select count(*)::int as n from drawings where status = 'visible'");
      expect(rows[0]?.n).toBeGreaterThan(0);
    });

    test("anon sees visible drawings only", async () => {
      // The owner (the dashboard, a moderator) hides and queues drawings; RLS does not apply to the owner.
      await client.query(
        "insert into drawings (image_data, status) values ($1, 'hidden'), ($1, 'pending'), ($1, 'deleted')",
        [TINY_PNG],
      );
      const all = await client.query("select status from drawings");
      expect(new Set(all.rows.map((row: { status: string }) => row.status))).toEqual(
        new Set(["visible", "hidden", "pending", "deleted"]),
      );
      const seen = await asAnon("select status from drawings");
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((row) => row.status === "visible")).toBe(true);
      expect(await asAnon("select * from drawings where status <> 'visible'")).toEqual([]);
    });

    test("anon may sign a drawing and enter a prompt; a name with hidden characters or a malformed prompt id is refused", async () => {
      const [row] = await asAnon(
        "insert into drawings (image_data, name, prompt) values ($1, $2, $3) returning name, prompt",
        [TINY_PNG, "@fred_art", "fred-at-the-beach"],
      );
      expect(row).toEqual({ name: "@fred_art", prompt: "fred-at-the-beach" });
      // An insert that leaves both out (a page made before they existed) still stores.
      expect(
        await asAnon("insert into drawings (image_data) values ($1) returning name", [TINY_PNG]),
      ).toEqual([{ name: null }]);
      for (const [name, prompt] of [
        ["evil\u202Egnp.exe", null],
        ["Fr\u200Bed", null],
        ["line\nbreak", null],
        ["", null],
        ["x".repeat(401), null],
        [null, "Fred at the beach"],
        [null, "-leading"],
      ]) {
        await expect(
          asAnon("insert into drawings (image_data, name, prompt) values ($1, $2, $3)", [
            TINY_PNG,
            name,
            prompt,
          ]),
          `${name} ${prompt}`,
        ).rejects.toMatchObject({ code: "23514" });
      }
    });
  });
}
