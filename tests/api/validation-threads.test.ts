import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { knownStickers } from "../../src/common/drawing-document/known-stickers.ts";
import { HttpError } from "../../src/server/http/errors.ts";
import { checkDrawingPng, validateDrawingPng } from "../../src/server/png/validate.ts";
import { stopValidationThreads } from "../../src/server/png/validation-pool.ts";
import { newPngWork, type PngWork } from "../../src/server/png/work.ts";
import { noisyPng } from "../fixtures/png-crafting.ts";
import { makingOf } from "./helpers/making.ts";

// validateDrawingPng runs its checks on validation threads (png/validation-pool.ts); these tests prove the
// threads answer exactly what the same checks answer in the calling thread, under concurrency, and that a
// thread's death fails only what it held.

const BAD_UPLOADS = join(import.meta.dirname, "..", "fixtures", "bad-uploads");

/** Every damaged PNG of the bad-upload corpus, and good drawings between them. */
function mixedUploads(): Buffer[] {
  const bad = readdirSync(BAD_UPLOADS)
    .filter((name) => name.endsWith(".bin"))
    .map((name) => readFileSync(join(BAD_UPLOADS, name)));
  return bad.flatMap((bytes) => [bytes, noisyPng()]);
}

interface Verdict {
  readonly refusal?: { statusCode: number; code: string; message: string; imageRefused: boolean };
  readonly work: PngWork;
}

async function verdictOf(check: (bytes: Buffer, work: PngWork) => Promise<unknown>, bytes: Buffer) {
  const work = newPngWork();
  try {
    await check(bytes, work);
    return { work } satisfies Verdict;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const { statusCode, code, message, imageRefused } = error;
    return { refusal: { statusCode, code, message, imageRefused }, work } satisfies Verdict;
  }
}

describe("validation threads", () => {
  it("answer every upload, many at once, exactly as the checks do in the calling thread", async () => {
    const uploads = mixedUploads();
    const onThreads = await Promise.all(uploads.map((bytes) => verdictOf(validateDrawingPng, bytes)));
    for (const [index, bytes] of uploads.entries()) {
      expect(onThreads[index]).toEqual(await verdictOf(checkDrawingPng, bytes));
    }
    const goodOnes = onThreads.filter((_, index) => index % 2 === 1);
    expect(goodOnes.every((verdict) => verdict.refusal === undefined)).toBe(true);
    expect(onThreads.filter((verdict) => verdict.refusal !== undefined).length).toBeGreaterThan(20);
  });

  it("fail what a stopped thread held with an error, and validate again on a new thread", async () => {
    // The threads are told to stop, then handed eight uploads in the same turn of the event loop: each thread
    // ends before it reads them, so they are held by a thread that stopped.
    await validateDrawingPng(noisyPng());
    const uploads = Array.from({ length: 8 }, () => noisyPng());
    const stopped = stopValidationThreads();
    const held = Promise.allSettled(uploads.map((bytes) => validateDrawingPng(bytes)));
    await stopped;
    const outcomes = await held;
    const failed = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(failed.length).toBeGreaterThan(0);
    for (const outcome of failed) expect(String(outcome.reason)).toContain("a validation thread stopped");
    await expect(validateDrawingPng(noisyPng())).resolves.toBeUndefined();
  });

  it("check a save's picture and its log side by side, answering the picture's refusal before the log's", async () => {
    const stickers = knownStickers();
    const goodLog = { bytes: makingOf({ kind: "white" }), stickers };
    const badLog = { bytes: makingOf({ kind: "white" }, "no-such-sticker"), stickers };
    const badPicture = Buffer.from(noisyPng().subarray(0, 200));
    const refusalOf = (bytes: Buffer, making: typeof goodLog) =>
      validateDrawingPng(bytes, newPngWork(), making).then(
        () => "passed",
        (error: unknown) => (error instanceof HttpError ? error.code : String(error)),
      );
    // Many at once, so both threads hold pictures and logs of different saves together.
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () =>
        Promise.all([
          validateDrawingPng(noisyPng(), newPngWork(), goodLog),
          refusalOf(noisyPng(), badLog),
          refusalOf(badPicture, badLog),
          refusalOf(badPicture, goodLog),
        ]),
      ),
    );
    const pictureRefusal = (await verdictOf(checkDrawingPng, badPicture)).refusal?.code;
    expect(pictureRefusal).toBeDefined();
    for (const [verdict, badLogOnly, both, pictureOnly] of outcomes) {
      expect(verdict?.start).toEqual({ kind: "white" });
      expect([badLogOnly, both, pictureOnly]).toEqual([
        "making_unknown_sticker",
        pictureRefusal,
        pictureRefusal,
      ]);
    }
  });
});
