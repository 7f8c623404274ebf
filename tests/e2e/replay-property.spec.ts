import fc from "fast-check";
import { drawingDocument } from "../../src/common/drawing-document/arbitrary-document.ts";
import { FANVAS_STICKER_IDS } from "../../src/common/drawing-document/known-stickers.ts";
import type { DrawingDocument, Operation } from "../../src/common/drawing-document/types.ts";
import { expect, test } from "./fixtures.ts";
import { harnessForFile, openHarness, paintInHarness } from "./helpers/engine-harness.ts";
import { compareBitmaps, IDENTICAL } from "./helpers/pixels.ts";

// The engine in a real browser, fed generated documents: every way it paints a log (a replay from the start,
// each operation applied as another person's would be, undone and redone one by one, restored from a picture
// of its first operations) gives the same pixels.

const harness = harnessForFile();

/** The sticker a generated one stands for: the page offers Fanvas's own, and the harness loads only those. */
function offered(operation: Operation): Operation {
  if (operation.kind !== "sticker" || FANVAS_STICKER_IDS.includes(operation.sticker)) return operation;
  return {
    ...operation,
    sticker: FANVAS_STICKER_IDS[operation.sticker.length % FANVAS_STICKER_IDS.length] ?? "crown",
  };
}

/** Any document the page could paint: a remixed drawing's start stands in as the mascot (the harness has no wall). */
const paintable: fc.Arbitrary<DrawingDocument> = drawingDocument(10).map((document) => ({
  start: document.start.kind === "drawing" ? { kind: "mascot" } : document.start,
  operations: document.operations.map(offered),
}));

test("a document gives the same pixels replayed, applied one by one, undone and redone, and restored from a picture", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await openHarness(page, harness.url);
  await fc.assert(
    fc.asyncProperty(paintable, fc.nat(), async (document, at) => {
      const replayed = await paintInHarness(page, "replay", document);
      for (const how of ["applyEach", "undoAndRedo"] as const)
        expect(compareBitmaps(await paintInHarness(page, how, document), replayed), how).toEqual(IDENTICAL);
      const split = at % (document.operations.length + 1);
      const restored = await paintInHarness(page, "restoreFrom", document, split);
      expect(compareBitmaps(restored, replayed), `restored from a picture of ${split}`).toEqual(IDENTICAL);
    }),
    { numRuns: 40 },
  );
});
