import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportVisibleDrawings } from "../../src/server/cli/zip-export.ts";
import type { Store } from "../../src/server/db/open.ts";
import type { DrawingStatus } from "../../src/server/db/schema.ts";
import { insertDrawing } from "../../src/server/drawings/queries.ts";
import { readZip } from "../helpers/zip.ts";
import { openTestStore, type TestDatabase, testDialects } from "./helpers/dialects.ts";
import { makingOf } from "./helpers/making.ts";
import { drawingPng } from "./helpers/png.ts";

const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** Whether the seeded drawing `id` ("export000003") was stored with its making. */
const hasMaking = (id: string) => Number(id.slice(-6)) % 3 === 0;

/**
 * The making stored with every third drawing (a timelapse), its bytes and hash as a save would keep them: the
 * seventh's as the page sends it now, gzipped, the others as older pages did. The archive holds the plain log of each.
 */
const MAKING = Buffer.from(makingOf());
const storedMaking = (index: number) => (index === 6 ? gzipSync(MAKING) : MAKING);
const withMaking = (index: number) =>
  index % 3 === 0
    ? {
        making: {
          bytes: storedMaking(index),
          sha256: createHash("sha256").update(storedMaking(index)).digest("hex"),
          start: { kind: "mascot" as const },
        },
      }
    : {};

/** Ten drawings: six visible (two sharing a timestamp, so the keyset's id tie-break matters), and one of each other status. */
async function seed(store: Store): Promise<Map<string, Buffer>> {
  const statuses: DrawingStatus[] = ["visible", "hidden", "visible", "pending", "visible", "deleted"];
  statuses.push("visible", "visible", "visible", "hidden");
  const visible = new Map<string, Buffer>();
  for (const [index, status] of statuses.entries()) {
    const png = await drawingPng(600, 600, index + 1);
    const id = `export${String(index).padStart(6, "0")}`;
    // Two rows at the same millisecond, the rest a second apart.
    const createdAt = new Date(Date.UTC(2026, 0, 1, 0, 0, index === 7 ? 6 : index));
    const sha256 = String(index).padStart(64, "0");
    await insertDrawing(store.db, { id, png, sha256, createdAt, status, ...withMaking(index) });
    if (status === "visible") visible.set(id, png);
  }
  await store.db
    .updateTable("drawings")
    .set({ image_data: new Uint8Array(0), byte_size: 0 })
    .where("status", "=", "deleted")
    .execute();
  return visible;
}

for (const dialect of testDialects()) {
  describe(`export on ${dialect}`, () => {
    let store: Store;
    let database: TestDatabase;
    let close: () => Promise<void>;
    let visible: Map<string, Buffer>;
    let outDir: string;
    beforeAll(async () => {
      const opened = await openTestStore(dialect);
      ({ store, database, close } = opened);
      visible = await seed(store);
      outDir = mkdtempSync(join(tmpdir(), "fanvas-export-test-"));
    });
    afterAll(async () => {
      await close();
      rmSync(outDir, { recursive: true, force: true });
    });

    /** The zip holds exactly the visible drawings, byte for byte, stored, and an index.json that lists them. */
    async function expectExactlyVisible(path: string): Promise<void> {
      const entries = await readZip(path);
      const pngNames = [...visible.keys()].map((id) => `${id}.png`);
      const makingNames = [...visible.keys()].filter(hasMaking).map((id) => `${id}.fvdr`);
      expect(makingNames.length).toBeGreaterThan(0);
      expect([...entries.keys()].sort()).toEqual([...pngNames, ...makingNames, "index.json"].sort());
      for (const name of makingNames) expect(entries.get(name)?.data.equals(MAKING)).toBe(true);
      for (const [id, png] of visible) {
        const entry = entries.get(`${id}.png`);
        expect(entry?.data.equals(png)).toBe(true);
        expect(entry?.compressionMethod).toBe(0);
      }
      const index = JSON.parse(entries.get("index.json")?.data.toString("utf8") ?? "null");
      expect(index.count).toBe(visible.size);
      expect(index.prompts).toEqual([]);
      expect(index.drawings.map((item: { id: string }) => item.id).sort()).toEqual(
        [...visible.keys()].sort(),
      );
      for (const item of index.drawings) {
        expect(item).toEqual({
          id: item.id,
          createdAt: expect.any(String),
          status: "visible",
          reactions: { heart: 0, fire: 0, lol: 0 },
          remixOf: null,
          name: null,
          prompt: null,
          place: null,
          making: hasMaking(item.id) ? `${item.id}.fvdr` : null,
        });
        expect(new Date(item.createdAt).toISOString()).toBe(item.createdAt);
      }
    }

    it("writes exactly the visible drawings with identical bytes and a valid index.json, across batches", async () => {
      const path = join(outDir, "batches.zip");
      const summary = await exportVisibleDrawings(store.db, createWriteStream(path), 2);
      expect(summary.drawings).toBe(visible.size);
      expect(summary.pngBytes).toBe([...visible.values()].reduce((sum, png) => sum + png.byteLength, 0));
      await expectExactlyVisible(path);
    });

    it("npm run export -- out.zip opens the configured store and prints a one-line summary", async () => {
      const path = join(outDir, "command.zip");
      const env: NodeJS.ProcessEnv = { ...process.env, ...database.env };
      if (dialect === "sqlite") delete env.DATABASE_URL;
      const { stdout } = await promisify(execFile)(process.execPath, ["src/server/cli/export.ts", path], {
        cwd: REPO_ROOT,
        env,
      });
      expect(stdout.trim().split("\n")).toHaveLength(1);
      expect(stdout).toContain(`Exported ${visible.size} visible drawings`);
      await expectExactlyVisible(path);
    });
  });
}

describe("export command misuse", () => {
  it("says how to call it when the output path is missing", async () => {
    const run = promisify(execFile)(process.execPath, ["src/server/cli/export.ts"], { cwd: REPO_ROOT });
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("Usage: npm run export -- <out.zip>"),
    });
  });
});
