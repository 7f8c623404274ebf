import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { findDrawingImage, insertDrawing } from "../../src/server/drawings/queries.ts";
import { startDrawingWorker } from "../../src/server/jobs/drawing-worker.ts";
import { countPendingWork } from "../../src/server/jobs/pending-work.ts";
import { openForBlock } from "../helpers/per-block.ts";
import { openTestStore, testDialects } from "./helpers/dialects.ts";
import { drawingPng } from "./helpers/png.ts";

// The save path proves a PNG decodes without running sharp (docs/decisions/0006), so the background jobs are
// the first to hand the bytes to sharp. Should sharp ever refuse what the proof let through, the drawing's
// bytes stay exactly as stored for a moderator, it leaves the wall (tests/security/poison-png.test.ts), and the
// jobs move on, never loop on it or take the worker down.

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

for (const dialect of testDialects()) {
  describe(`re-encoding a stored PNG sharp cannot decode, on ${dialect}`, () => {
    const opened = openForBlock(() => openTestStore(dialect));

    it("leaves its bytes untouched, hides it, marks it done, logs it once, and still re-encodes the next drawing", async () => {
      const { db } = opened.store;
      const whole = await drawingPng(600, 600, 4);
      // Written straight to the store, past validation: the PNG stops halfway through its image data.
      const broken = whole.subarray(0, Math.floor(whole.length / 2));
      const good = await drawingPng(600, 600, 5);
      const ids = ["undecodable1", "decodable001"];
      for (const [index, png] of [broken, good].entries()) {
        const id = ids[index] ?? "";
        await insertDrawing(db, { id, png, sha256: sha256(png), createdAt: new Date(Date.now() + index) });
      }
      const errors: { drawing?: string }[] = [];
      const worker = startDrawingWorker(opened.store, {
        info: () => {},
        error: (details: { drawing?: string }) => errors.push(details),
      });
      await worker.drain();
      await worker.stop();

      expect(await countPendingWork(db, "reencoded_at")).toBe(0);
      const kept = await findDrawingImage(db, "undecodable1", "stored");
      expect(kept?.bytes.equals(broken)).toBe(true);
      expect(kept?.sha256).toBe(sha256(broken));
      expect(errors.filter((details) => details.drawing === "undecodable1")).toHaveLength(1);
      const statuses = await db.selectFrom("drawings").select(["id", "status"]).orderBy("id").execute();
      expect(statuses).toEqual([
        { id: "decodable001", status: "visible" },
        { id: "undecodable1", status: "hidden" },
      ]);
    });
  });
}
