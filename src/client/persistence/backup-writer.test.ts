import { afterEach, describe, expect, it, vi } from "vitest";
import { strokeBounds } from "../engine/changed-area.ts";
import { WORKER_ANSWER_LIMIT_MS } from "./backup-channel.ts";
import { BACKUP_DELAY_MS, BACKUP_MAX_WAIT_MS, packStrokes } from "./backup-messages.ts";
import { WRITE_FAILED_WARNING } from "./backup-writer.ts";
import { STROKE, settle, setUp } from "./backup-writer-fakes.ts";
import { STROKES_BETWEEN_COPIES } from "./mirror-sync.ts";

afterEach(() => vi.restoreAllMocks());

/** Lets a write due after the rest start and post. */
async function rest(timers: ReturnType<typeof setUp>["timers"]): Promise<void> {
  timers.fireDelay(BACKUP_DELAY_MS);
  await settle();
}

describe("createBackupWriter", () => {
  it("waits for the visitor to rest, then posts the whole drawing, and after it the strokes since, packed in two buffers", async () => {
    const { started, engine, bitmaps, written, timers, writer, posted } = setUp({ remixOf: () => "r1" });
    writer.changed(STROKE);
    await settle();
    expect(started, "nothing is posted before the rest").toEqual([]);
    await rest(timers);
    const worker = started[0];
    expect(worker?.messages).toEqual([
      {
        seq: 1,
        patch: { kind: "pixels", whole: true, x: 0, y: 0, bitmap: bitmaps[0] },
        savedAt: 1234,
        remixOf: "r1",
        ack: true,
      },
    ]);
    expect(worker?.transfers).toEqual([[bitmaps[0]]]);

    writer.changed(STROKE);
    writer.strokeStarted();
    await rest(timers);
    expect(posted(), "a stroke begun holds the write").toEqual(["whole 1 ack"]);
    writer.changed(STROKE);
    await rest(timers);
    const message = worker?.messages[1];
    expect(message).toEqual({
      seq: 2,
      patch: { kind: "strokes", strokes: packStrokes([STROKE, STROKE]) },
      savedAt: 1234,
      remixOf: "r1",
      ack: false,
    });
    const strokes = message?.patch?.kind === "strokes" ? message.patch.strokes : null;
    expect(worker?.transfers[1]).toEqual([strokes?.points.buffer, strokes?.shapes.buffer]);
    expect(engine.toImageBitmap).toHaveBeenCalledTimes(1);
    expect(engine.toBlob).not.toHaveBeenCalled();
    expect(written).toEqual([]);
  });

  it("writes within the maximum wait however steadily the visitor draws", async () => {
    const { timers, writer, posted } = setUp();
    writer.changed(STROKE);
    writer.strokeStarted();
    timers.fireDelay(BACKUP_MAX_WAIT_MS);
    await settle();
    expect(posted()).toEqual(["whole 1 ack"]);
  });

  it("past STROKES_BETWEEN_COPIES strokes posts the rectangle they painted, and the whole drawing once anything else changed", async () => {
    const { engine, timers, writer, posted } = setUp();
    writer.changed(STROKE);
    await rest(timers);
    for (let index = 0; index <= STROKES_BETWEEN_COPIES; index += 1) writer.changed(STROKE);
    await rest(timers);
    const area = strokeBounds(STROKE);
    expect(engine.toImageBitmap).toHaveBeenLastCalledWith(area?.x, area?.y, area?.width, area?.height);
    expect(posted().at(-1)).toBe("area 2");

    writer.changed(STROKE);
    writer.changed(null);
    writer.changed(STROKE);
    await rest(timers);
    expect(posted().at(-1)).toBe("whole 3");
    writer.repainted();
    writer.changed(STROKE);
    await rest(timers);
    expect(posted().at(-1)).toBe("whole 4");
  });

  it("copies the strokes' rectangle only at a rest: a write at the maximum wait sends them as strokes", async () => {
    const { engine, timers, writer, posted } = setUp();
    writer.changed(STROKE);
    await rest(timers);
    for (let index = 0; index <= STROKES_BETWEEN_COPIES; index += 1) writer.changed(STROKE);
    writer.strokeStarted();
    timers.fireDelay(BACKUP_MAX_WAIT_MS);
    await settle();
    expect(posted().at(-1)).toBe(`strokes(${STROKES_BETWEEN_COPIES + 1}) 2`);
    writer.changed(STROKE);
    await rest(timers);
    expect(posted().at(-1)).toBe("area 3");
    expect(engine.toImageBitmap).toHaveBeenCalledTimes(2);
  });

  it("copies no pixels while a stroke is being drawn: the write waits for its end, or tries again when there is none", async () => {
    const { drawing, timers, writer, posted } = setUp();
    writer.changed(null);
    drawing.now = true;
    writer.strokeStarted();
    timers.fireDelay(BACKUP_MAX_WAIT_MS);
    await settle();
    expect(posted(), "held while the stroke is drawn").toEqual([]);
    // The stroke was taken back (two fingers): no change ends it, the held write is tried again.
    drawing.now = false;
    timers.fireDelay(BACKUP_MAX_WAIT_MS);
    await rest(timers);
    expect(posted()).toEqual(["whole 1 ack"]);

    writer.changed(STROKE);
    drawing.now = true;
    timers.fireDelay(BACKUP_MAX_WAIT_MS);
    await settle();
    expect(posted(), "strokes need no copy of pixels: they go at once").toEqual([
      "whole 1 ack",
      "strokes(1) 2",
    ]);
  });

  it("asks the worker for an answer only once per watch: a write posted while the watch runs asks for none", async () => {
    const { started, timers, writer, posted } = setUp();
    writer.changed(STROKE);
    await rest(timers);
    writer.changed(STROKE);
    await rest(timers);
    started[0]?.answer({ kind: "written", through: 1 });
    timers.fireDelay(WORKER_ANSWER_LIMIT_MS);
    writer.changed(STROKE);
    await rest(timers);
    expect(posted()).toEqual(["whole 1 ack", "strokes(1) 2", "strokes(1) 3 ack"]);
    expect(started[0]?.terminated).toBe(false);
  });

  it("keepNow writes the drawing's pixels from the page before it returns and posts what waits at once; with no change since, neither", async () => {
    const { started, writer, posted, pagePixels, writtenAtOnce, timers } = setUp({ remixOf: () => "r1" });
    writer.keepNow();
    await settle();
    expect(started).toEqual([]);
    expect(writtenAtOnce).toEqual([]);
    writer.changed(STROKE);
    writer.keepNow();
    expect(writtenAtOnce).toEqual([{ image: pagePixels, savedAt: 1234, remixOf: "r1" }]);
    await settle();
    expect(posted()).toEqual(["whole 1 ack"]);
    // Hidden again with no change since: the worker has been sent everything, the page writes nothing.
    writer.keepNow();
    await settle();
    expect(writtenAtOnce).toHaveLength(1);
    expect(posted()).toEqual(["whole 1 ack"]);
    // A change after it is kept by the next keepNow while the worker may still be storing it.
    writer.changed(STROKE);
    await rest(timers);
    writer.keepNow();
    expect(writtenAtOnce).toHaveLength(2);
  });

  it("keepNow writes nothing when the worker was posted every change long enough ago to have stored it", async () => {
    const clock = { now: 1000 };
    const { writer, writtenAtOnce, timers } = setUp({ now: () => clock.now });
    writer.changed(STROKE);
    await rest(timers);
    clock.now += WORKER_ANSWER_LIMIT_MS;
    // Another tab may have drawn since: this one's older drawing must not replace it.
    writer.keepNow();
    expect(writtenAtOnce).toEqual([]);
  });

  it("warns when the worker could not store a write, keeps the worker, and goes on sending strokes", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { started, written, timers, writer, posted } = setUp();
    writer.changed(STROKE);
    await rest(timers);
    started[0]?.answer({ kind: "failed", failure: "write", through: 1, error: "The database is closing." });
    expect(warn.mock.calls.map((call) => call[0])).toEqual([WRITE_FAILED_WARNING]);
    writer.changed(STROKE);
    await rest(timers);
    expect(posted()).toEqual(["whole 1 ack", "strokes(1) 2"]);
    expect(started[0]?.terminated).toBe(false);
    expect(written).toEqual([]);
  });

  it("close() ends the worker and any waiting write, without a warning or a page write", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { started, written, timers, writer } = setUp();
    writer.changed(STROKE);
    await rest(timers);
    writer.changed(STROKE);
    writer.close();
    expect(started[0]?.terminated).toBe(true);
    expect(timers.delays()).toEqual([]);
    expect(written).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });
});
