import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_EVENT_STREAMS } from "../../src/server/config.ts";
import { createEventBus } from "../../src/server/db/event-bus.ts";
import { createEventStreams } from "../../src/server/live/event-streams.ts";
import { startTestApp, type TestApp } from "../api/helpers/app.ts";
import { testDialects } from "../api/helpers/dialects.ts";
import { saveNewDrawing } from "../api/helpers/moderation.ts";
import { memoryLog } from "./helpers/memory-log.ts";

// Memory under sustained hostile load within the limits must stay flat (an attack run took a server from 182 MB
// to 670 MB in 90 s, and to 726 MB after a second round). What each part may hold is bounded by a setting: the
// image cache (IMAGE_CACHE_MB, tested in image-cache.test.ts), upload bytes (UPLOAD_BUDGET_*,
// upload-budget.test.ts and network-budgets.test.ts), what a live stream holds for a client that does not read
// (EVENT_STREAM_BUFFER_KB), and thumbnails made at once (THUMBNAILS_AT_ONCE). These count bytes and makes, never
// time; `npm run bench -- --only soak` measures the whole (BENCHMARKS.md).

describe("a live stream whose client never reads", () => {
  it("holds at most EVENT_STREAM_BUFFER_KB, then is dropped and gives its place back", async () => {
    const bus = createEventBus();
    const maxBufferedBytes = 8 * 1024;
    const streams = createEventStreams(bus, {
      ...DEFAULT_EVENT_STREAMS,
      maxBufferedBytes,
      heartbeatMs: 60_000,
    });
    const stream = streams.open({ visitor: "192.0.2.1", network: "192.0.2.0/24" });
    if (typeof stream === "string") throw new Error(`no stream: ${stream}`);
    let mostHeld = 0;
    for (let event = 0; event < 1000 && !stream.destroyed; event += 1) {
      await bus.publish({ type: "removed", id: `drawing${String(event).padStart(5, "0")}` });
      mostHeld = Math.max(mostHeld, stream.writableLength + stream.readableLength);
    }
    expect(stream.destroyed).toBe(true);
    expect(mostHeld).toBeLessThanOrEqual(maxBufferedBytes);
    await expect.poll(() => streams.count()).toBe(0);
  });
});

const MADE = "thumbnail made on demand";
const STARTED = "thumbnail make started on demand";

for (const dialect of testDialects()) {
  describe(`thumbnails made at once in the process, on ${dialect}`, () => {
    let t: TestApp;
    const log = memoryLog("debug");
    beforeAll(async () => {
      t = await startTestApp(dialect, { logger: log.logger, thumbnails: { maxAtOnce: 3 } });
    });
    afterAll(async () => {
      await t.close();
    });

    it("starts at most THUMBNAILS_AT_ONCE however many visitors ask; the rest get the PNG", async () => {
      const ids: string[] = [];
      for (let drawing = 0; drawing < 20; drawing += 1) ids.push((await saveNewDrawing(t.app)).id);
      // Twenty visitors of twenty networks, each asking for one thumbnail not made yet: within every
      // per-visitor limit, so only the process's cap stands between them and twenty decodes at once.
      const answers = await Promise.all(
        ids.map((id, visitor) =>
          t.app.inject({
            method: "GET",
            url: `/api/drawings/${id}.webp`,
            remoteAddress: `10.${visitor}.0.1`,
          }),
        ),
      );
      const made = log.withMessage(MADE).length;
      const started = log.withMessage(STARTED);
      expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 307)).toBe(true);
      expect(made).toBe(answers.filter((answer) => answer.statusCode === 200).length);
      // Each make says how many were running with it: never more than the cap.
      expect(started).toHaveLength(made);
      expect(Math.max(...started.map((line) => Number(line.atOnce)))).toBeLessThanOrEqual(3);
    });
  });
}
