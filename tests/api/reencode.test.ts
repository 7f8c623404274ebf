import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SavedDrawing } from "../../src/common/api.ts";
import { DEFAULT_BRANDING } from "../../src/common/config.ts";
import { buildApp } from "../../src/server/app.ts";
import { openStore, type Store } from "../../src/server/db/open.ts";
import { findDrawingImage } from "../../src/server/drawings/queries.ts";
import { startDrawingWorker } from "../../src/server/jobs/drawing-worker.ts";
import { countPendingWork } from "../../src/server/jobs/pending-work.ts";
import type { WorkerLog } from "../../src/server/jobs/worker.ts";
import { decodeRgba } from "../../src/server/png/reencode.ts";
import { createTestDatabase, type TestDatabase, testDialects } from "./helpers/dialects.ts";

const quiet: WorkerLog = { info: () => {}, error: () => {} };
const SIZE = 600;

/** A canvas-like PNG: RGBA, uncompressed, with a tEXt chunk; a coloured band gives it thousands of colours. */
async function canvasLikePng(seed: number, alpha: (x: number, y: number) => number): Promise<Buffer> {
  const pixels = Buffer.alloc(SIZE * SIZE * 4, 0xff);
  for (let y = 0; y < SIZE; y += 1) {
    for (let x = 0; x < SIZE; x += 1) {
      const offset = (y * SIZE + x) * 4;
      if (y < 120) pixels.set([(x + seed) % 256, (y * 2) % 256, (x * y) % 256], offset);
      if (Math.abs(x - y - seed) < 3) pixels.set([seed % 256, 0, 0x80], offset);
      pixels[offset + 3] = alpha(x, y);
    }
  }
  const png = await sharp(pixels, { raw: { width: SIZE, height: SIZE, channels: 4 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return withChunkAfterIhdr(png, "tEXt", Buffer.from("Software\0a drawing app"));
}

function withChunkAfterIhdr(png: Buffer, type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  typeAndData.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(typeAndData), 8 + data.length);
  const ihdrEnd = 8 + 25;
  return Buffer.concat([png.subarray(0, ihdrEnd), chunk, png.subarray(ihdrEnd)]);
}

function chunkTypes(png: Buffer): string[] {
  const types: string[] = [];
  for (let offset = 8; offset + 8 <= png.length; offset += 12 + png.readUInt32BE(offset)) {
    types.push(png.toString("latin1", offset + 4, offset + 8));
  }
  return types;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

for (const dialect of testDialects()) {
  describe(`lossless background re-encoding on ${dialect}`, () => {
    let database: TestDatabase;
    let store: Store;
    let app: Awaited<ReturnType<typeof buildApp>>;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      store = await openStore(database.config);
      app = await buildApp({ branding: DEFAULT_BRANDING, store, clientDir: "/nonexistent", logger: false });
    });
    afterAll(async () => {
      await app.close();
      await store.close();
      await database.drop();
    });

    /** Uploads a PNG as the page does, under an Idempotency-Key of its own (a retry sends the same key). */
    const upload = (png: Buffer) =>
      app.inject({
        method: "POST",
        url: "/api/drawings",
        headers: { "content-type": "image/png", "idempotency-key": `k-${sha256(png)}` },
        payload: png,
      });
    const save = async (png: Buffer) => {
      const answer = await upload(png);
      expect(answer.statusCode).toBe(201);
      return answer.json<SavedDrawing>();
    };

    /** Saves a PNG, lets the worker finish every pending job, and reads back what is stored. */
    const saveAndReencode = async (png: Buffer) => {
      const saved = await save(png);
      const worker = startDrawingWorker(store, quiet);
      await worker.drain();
      await worker.stop();
      const stored = await findDrawingImage(store.db, saved.id);
      if (stored === undefined) throw new Error("the drawing is gone");
      return { saved, stored };
    };

    it("replaces an opaque canvas PNG by a smaller RGB file with the same pixels and no text chunks", async () => {
      const original = await canvasLikePng(5, () => 0xff);
      const { saved, stored } = await saveAndReencode(original);
      expect(stored.bytes.length).toBeLessThan(original.length);
      expect((await decodeRgba(stored.bytes)).equals(await decodeRgba(original))).toBe(true);
      expect(chunkTypes(original)).toContain("tEXt");
      expect(
        chunkTypes(stored.bytes).filter((type) => !["IHDR", "PLTE", "IDAT", "IEND"].includes(type)),
      ).toEqual([]);
      expect((await sharp(stored.bytes).metadata()).hasAlpha).toBe(false);
      expect(stored.sha256).toBe(sha256(stored.bytes));
      const row = await store.db
        .selectFrom("drawings")
        .select(["byte_size", "reencoded_at"])
        .where("id", "=", saved.id)
        .executeTakeFirstOrThrow();
      expect(row.byte_size).toBe(stored.bytes.length);
      expect(row.reencoded_at).not.toBeNull();
    });

    it("keeps the alpha channel of a translucent drawing, pixel for pixel", async () => {
      const original = await canvasLikePng(9, (x, y) => (x + y) % 256);
      const { stored } = await saveAndReencode(original);
      expect(stored.bytes.length).toBeLessThanOrEqual(original.length);
      expect((await decodeRgba(stored.bytes)).equals(await decodeRgba(original))).toBe(true);
      expect((await sharp(stored.bytes).metadata()).hasAlpha).toBe(true);
    });

    it("serves the drawing during and after re-encoding, with an ETag that follows the stored bytes", async () => {
      const original = await canvasLikePng(13, () => 0xff);
      const saved = await save(original);
      const expected = await decodeRgba(original);
      const worker = startDrawingWorker(store, quiet);
      const reads = Array.from({ length: 8 }, () => app.inject({ method: "GET", url: saved.url }));
      const [answers] = await Promise.all([Promise.all(reads), worker.drain()]);
      answers.push(await app.inject({ method: "GET", url: saved.url }));
      await worker.stop();
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.headers.etag).toBe(`"${sha256(answer.rawPayload)}"`);
        expect((await decodeRgba(answer.rawPayload)).equals(expected)).toBe(true);
      }
      expect(answers.at(-1)?.rawPayload.length).toBeLessThan(original.length);
    });

    it("still answers a retry of the original upload with 200 after its bytes were replaced", async () => {
      const original = await canvasLikePng(17, () => 0xff);
      const saved = await save(original);
      const worker = startDrawingWorker(store, quiet);
      await worker.drain();
      await worker.stop();
      const retry = await upload(original);
      expect(retry.statusCode).toBe(200);
      expect(retry.json<SavedDrawing>().id).toBe(saved.id);
    });
  });

  describe(`re-encoding left pending by a crash on ${dialect}`, () => {
    it("is completed by the worker of the next start", async () => {
      const database = await createTestDatabase(dialect);
      try {
        const first = await openStore(database.config);
        const app = await buildApp({
          branding: DEFAULT_BRANDING,
          store: first,
          clientDir: "/x",
          logger: false,
        });
        // No worker runs: the process "dies" right after its saves were committed.
        const originals = await Promise.all([21, 22, 23].map((seed) => canvasLikePng(seed, () => 0xff)));
        const ids: string[] = [];
        for (const png of originals) {
          const answer = await app.inject({
            method: "POST",
            url: "/api/drawings",
            headers: { "content-type": "image/png" },
            payload: png,
          });
          ids.push(answer.json<SavedDrawing>().id);
        }
        await app.close();
        await first.close();

        const second = await openStore(database.config);
        try {
          expect(await countPendingWork(second.db, "reencoded_at")).toBe(3);
          const worker = startDrawingWorker(second, quiet);
          await worker.drain();
          await worker.stop();
          expect(await countPendingWork(second.db, "reencoded_at")).toBe(0);
          for (const [index, id] of ids.entries()) {
            const stored = await findDrawingImage(second.db, id);
            const original = originals[index] ?? Buffer.alloc(0);
            expect(stored?.bytes.length).toBeLessThan(original.length);
            expect(stored && (await decodeRgba(stored.bytes)).equals(await decodeRgba(original))).toBe(true);
          }
        } finally {
          await second.close();
        }
      } finally {
        await database.drop();
      }
    });
  });
}
