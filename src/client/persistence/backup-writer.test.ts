import { afterEach, describe, expect, it, vi } from "vitest";
import { strokeBounds } from "../engine/changed-area.ts";
import { WORKER_ANSWER_LIMIT_MS } from "./backup-channel.ts";
import { packStroke } from "./backup-messages.ts";
import { WRITE_FAILED_WARNING } from "./backup-writer.ts";
import { type FakeBitmap, fakeBitmap, STROKE, settle, setUp } from "./backup-writer-fakes.ts";
import { STROKES_BETWEEN_COPIES } from "./mirror-sync.ts";

afterEach(() => vi.restoreAllMocks());

describe("createBackupWriter", () => {
  it("posts the whole drawing at the first change, then each stroke as its packed points, handing the buffers over", async () => {
    const { started, engine, bitmaps, written, timers, writer } = setUp({ remixOf: () => "r1" });
    writer.changed(STROKE);
    await settle();
    const worker = started[0];
    expect(worker?.messages).toEqual([
      { kind: "pixels", whole: true, x: 0, y: 0, bitmap: bitmaps[0], seq: 1, remixOf: "r1" },
    ]);
    expect(worker?.transfers).toEqual([[bitmaps[0]]]);

    writer.strokeStarted();
    writer.changed(STROKE);
    const message = worker?.messages[1];
    expect(message, "a stroke is posted at once, in the change's own task").toEqual({
      kind: "stroke",
      ...packStroke(STROKE),
      seq: 2,
      remixOf: "r1",
    });
    expect(worker?.transfers[1]).toEqual([message?.kind === "stroke" ? message.points.buffer : null]);
    expect(engine.toImageBitmap).toHaveBeenCalledTimes(1);
    expect(engine.toBlob).not.toHaveBeenCalled();
    expect(written).toEqual([]);
    expect(timers.delays(), "the page waits for no rest itself, it only watches for answers").toEqual([
      WORKER_ANSWER_LIMIT_MS,
    ]);
  });

  it("keeps the order: a stroke told while a copy of pixels is under way is posted after it", async () => {
    let finishCopy = (_: FakeBitmap) => {};
    let copies = 0;
    const { writer, posted } = setUp({
      copy: () =>
        copies++ === 1 ? new Promise((resolve) => (finishCopy = resolve)) : Promise.resolve(fakeBitmap()),
    });
    writer.changed(STROKE);
    await settle();
    writer.changed(null);
    writer.changed(STROKE);
    await settle();
    expect(posted()).toEqual(["pixels whole 1"]);
    finishCopy(fakeBitmap());
    await settle();
    expect(posted()).toEqual(["pixels whole 1", "pixels whole 2", "stroke 3"]);
  });

  it("past STROKES_BETWEEN_COPIES strokes posts the rectangle they painted, and the whole drawing after anything else or a repaint", async () => {
    const { engine, writer, posted } = setUp();
    writer.changed(STROKE);
    for (let index = 0; index <= STROKES_BETWEEN_COPIES; index += 1) writer.changed(STROKE);
    await settle();
    const area = strokeBounds(STROKE);
    expect(engine.toImageBitmap).toHaveBeenLastCalledWith(area?.x, area?.y, area?.width, area?.height);
    expect(posted().at(-1)).toBe(`pixels ${STROKES_BETWEEN_COPIES + 2}`);

    writer.changed(null);
    await settle();
    expect(posted().at(-1)).toBe(`pixels whole ${STROKES_BETWEEN_COPIES + 3}`);
    writer.repainted();
    writer.changed(STROKE);
    await settle();
    expect(posted().at(-1)).toBe(`pixels whole ${STROKES_BETWEEN_COPIES + 4}`);
  });

  it("asks for a flush only while a change is unanswered", async () => {
    const { started, writer, posted } = setUp();
    writer.flush();
    expect(started, "nothing to flush: no worker is even started").toEqual([]);
    writer.changed(STROKE);
    writer.flush();
    await settle();
    expect(posted()).toEqual(["pixels whole 1", "flush"]);
    started[0]?.answer({ kind: "written", through: 1 });
    writer.flush();
    expect(posted()).toEqual(["pixels whole 1", "flush"]);
  });

  it("warns when the worker could not store a write, keeps the worker, and goes on sending strokes", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { started, written, writer, posted } = setUp();
    writer.changed(STROKE);
    await settle();
    started[0]?.answer({ kind: "failed", failure: "write", through: 1, error: "The database is closing." });
    expect(warn.mock.calls.map((call) => call[0])).toEqual([WRITE_FAILED_WARNING]);
    writer.changed(STROKE);
    expect(posted()).toEqual(["pixels whole 1", "stroke 2"]);
    expect(started).toHaveLength(1);
    expect(started[0]?.terminated).toBe(false);
    expect(written).toEqual([]);
  });

  it("watches for answers: rearmed while a later change is unanswered, quiet once all are answered", async () => {
    const { started, timers, writer } = setUp();
    writer.changed(STROKE);
    await settle();
    writer.changed(STROKE);
    started[0]?.answer({ kind: "written", through: 1 });
    timers.fire();
    expect(timers.delays(), "change 2 is still unanswered").toEqual([WORKER_ANSWER_LIMIT_MS]);
    started[0]?.answer({ kind: "written", through: 2 });
    timers.fire();
    expect(timers.delays()).toEqual([]);
    expect(started[0]?.terminated).toBe(false);
  });

  it("close() ends the worker without a warning or a page write; a copy finishing after it is freed, not posted", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    let finishCopy = (_: FakeBitmap) => {};
    let copies = 0;
    const { started, written, timers, writer, posted } = setUp({
      copy: () =>
        copies++ === 1 ? new Promise((resolve) => (finishCopy = resolve)) : Promise.resolve(fakeBitmap()),
    });
    writer.changed(STROKE);
    await settle();
    writer.changed(null);
    writer.close();
    const late = fakeBitmap();
    finishCopy(late);
    await settle();
    expect(posted()).toEqual(["pixels whole 1"]);
    expect(late.closed).toBe(true);
    expect(started[0]?.terminated).toBe(true);
    expect(timers.delays()).toEqual([]);
    expect(written).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });
});
