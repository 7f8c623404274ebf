import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openStore } from "../../src/server/db/open.ts";
import { countDrawings, findDrawingImage, insertDrawing } from "../../src/server/drawings/queries.ts";
import { openForBlock } from "../helpers/per-block.ts";
import { openTestStore, testDialects } from "./helpers/dialects.ts";
import { drawingPng } from "./helpers/png.ts";

for (const dialect of testDialects()) {
  describe(`store on ${dialect}`, () => {
    const opened = openForBlock(() => openTestStore(dialect));

    it("round-trips a drawing's bytes exactly and reads unknown ids as undefined", async () => {
      const png = await drawingPng(600, 600, 11);
      const createdAt = new Date("2026-01-02T03:04:05.678Z");
      const before = await countDrawings(opened.store.db);
      const record = await insertDrawing(opened.store.db, {
        id: "roundtrip001",
        png,
        sha256: "ab".repeat(32),
        createdAt,
      });
      expect(record).toEqual({
        id: "roundtrip001",
        createdAt: "2026-01-02T03:04:05.678Z",
        status: "visible",
        remixOf: null,
        credit: null,
        promptId: null,
      });
      const image = await findDrawingImage(opened.store.db, "roundtrip001");
      expect(image?.bytes.equals(png)).toBe(true);
      expect(image?.sha256).toBe("ab".repeat(32));
      expect(await findDrawingImage(opened.store.db, "nosuchdrawin")).toBeUndefined();
      expect(await countDrawings(opened.store.db)).toBe(before + 1);
    });

    it("refuses a second drawing with the same id", async () => {
      const png = await drawingPng();
      const drawing = { id: "duplicate001", png, sha256: "cd".repeat(32), createdAt: new Date() };
      await insertDrawing(opened.store.db, drawing);
      await expect(insertDrawing(opened.store.db, drawing)).rejects.toThrow();
    });

    it("runs migrations again on an up-to-date database without change", async () => {
      const again = await openStore(opened.database.config);
      expect(await countDrawings(again.db)).toBe(await countDrawings(opened.store.db));
      await again.close();
    });
  });
}

describe("SQLite specifics", () => {
  const opened = openForBlock(() => openTestStore("sqlite"));

  it("runs in WAL mode with synchronous FULL", async () => {
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(opened.store.db);
    expect(mode.rows[0]?.journal_mode).toBe("wal");
    const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(opened.store.db);
    expect(sync.rows[0]?.synchronous).toBe(2);
  });

  it("stores image_data as a BLOB and refuses text in it (STRICT table)", async () => {
    await insertDrawing(opened.store.db, {
      id: "blobcheck001",
      png: await drawingPng(),
      sha256: "ef".repeat(32),
      createdAt: new Date(),
    });
    const kind = await sql<{
      kind: string;
    }>`select typeof(image_data) as kind from drawings where id = 'blobcheck001'`.execute(opened.store.db);
    expect(kind.rows[0]?.kind).toBe("blob");
    await expect(
      sql`insert into drawings (id, image_data, byte_size, sha256, created_at) values ('text00000001', 'aVZCT1J3MEtHZ28=', 1, 'x', 'y')`.execute(
        opened.store.db,
      ),
    ).rejects.toThrow(/cannot store TEXT value in BLOB column/);
  });

  it("has an index on (created_at, id) for newest-first listing", async () => {
    const columns = await sql<{
      name: string;
    }>`select name from pragma_index_info('drawings_created_at_id')`.execute(opened.store.db);
    expect(columns.rows.map((row) => row.name)).toEqual(["created_at", "id"]);
  });
});
