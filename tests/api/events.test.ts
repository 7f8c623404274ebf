import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiError, GalleryItem, SavedDrawing } from "../../src/common/api.ts";
import { DEFAULT_MODERATION } from "../../src/server/config.ts";
import { DEFAULT_EVENT_STREAM_LIMITS } from "../../src/server/live/event-streams.ts";
import { EVENTS_APPLICATION_NAME } from "../../src/server/live/postgres-bridge.ts";
import { encodeCursor } from "../../src/server/wall/wall-cursor.ts";
import { galleryItem } from "../../src/server/wall/wall-item.ts";
import { testDialects } from "./helpers/dialects.ts";
import { type Cleanups, type LiveApp, startLiveApp } from "./helpers/live-app.ts";
import { drawingPng } from "./helpers/png.ts";
import { isDrawingEvent, openEventStream, type SseClient } from "./helpers/sse.ts";

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listen(live: LiveApp): Promise<SseClient> {
  const stream = await openEventStream(`${live.baseUrl}/api/events`);
  cleanups.push(() => stream.close());
  // The first message arrives once the stream is subscribed.
  await stream.waitFor((message) => message.retry !== undefined, "the opening retry line");
  return stream;
}

async function save(baseUrl: string, seed: number, key?: string): Promise<Response> {
  return fetch(`${baseUrl}/api/drawings`, {
    method: "POST",
    headers: { "content-type": "image/png", ...(key === undefined ? {} : { "idempotency-key": key }) },
    body: new Uint8Array(await drawingPng(600, 600, seed)),
  });
}

for (const dialect of testDialects()) {
  describe(`live drawing events on ${dialect}`, () => {
    it("sends a new save to an open stream as event drawing with its GalleryItem and cursor id", async () => {
      const live = await startLiveApp(dialect, cleanups);
      const stream = await listen(live);
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      expect(stream.response.headers.get("cache-control")).toBe("no-cache, no-transform");
      expect(stream.response.headers.get("x-accel-buffering")).toBe("no");
      expect(stream.messages()[0]?.retry).toBe("2000");
      const answer = await save(live.baseUrl, 1);
      expect(answer.status).toBe(201);
      const saved = (await answer.json()) as SavedDrawing;
      const message = await stream.waitFor(isDrawingEvent(saved.id), "the new drawing");
      const item = JSON.parse(message.data) as GalleryItem;
      expect(item).toEqual(galleryItem({ id: saved.id, createdAt: saved.createdAt }));
      expect(message.id).toBe(encodeCursor({ createdAt: saved.createdAt, id: saved.id }));
    });

    it("announces each save exactly once: not again for an idempotent replay, and once per process hub", async () => {
      const live = await startLiveApp(dialect, cleanups);
      const stream = await listen(live);
      const first = (await (await save(live.baseUrl, 2, "key-first")).json()) as SavedDrawing;
      expect((await save(live.baseUrl, 2, "key-first")).status).toBe(200);
      const last = (await (await save(live.baseUrl, 3)).json()) as SavedDrawing;
      await stream.waitFor(isDrawingEvent(last.id), "the last drawing");
      const drawings = stream.messages().filter((message) => message.event === "drawing");
      expect(drawings.map((message) => (JSON.parse(message.data) as GalleryItem).id)).toEqual([
        first.id,
        last.id,
      ]);
    });

    it("keeps a pre-moderated save off the stream, and passes on a removal published by moderation", async () => {
      const live = await startLiveApp(dialect, cleanups, {
        moderation: { ...DEFAULT_MODERATION, mode: "pre" },
      });
      const stream = await listen(live);
      const pending = (await (await save(live.baseUrl, 4)).json()) as SavedDrawing;
      await live.store.events.publish({ type: "removed", id: pending.id });
      const removed = await stream.waitFor((message) => message.event === "removed", "the removal");
      expect(JSON.parse(removed.data)).toEqual({ id: pending.id });
      expect(removed.id).toBeUndefined();
      // Events arrive in order, so the pending save would have come before the removal.
      expect(stream.messages().some((message) => message.event === "drawing")).toBe(false);
    });

    it("refuses streams past the per-process limit with 503, and frees the place when a client leaves", async () => {
      const live = await startLiveApp(dialect, cleanups, {
        eventStreams: { ...DEFAULT_EVENT_STREAM_LIMITS, maxStreams: 1 },
      });
      const first = await listen(live);
      const refused = await fetch(`${live.baseUrl}/api/events`);
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("10");
      expect(((await refused.json()) as ApiError).code).toBe("too_many_streams");
      first.close();
      // The server notices the hang-up on its own schedule; ask again until it has (bounded by the timeout).
      await vi.waitFor(
        async () => {
          const again = await fetch(`${live.baseUrl}/api/events`);
          await again.body?.cancel();
          expect(again.status).toBe(200);
        },
        { timeout: 10_000, interval: 50 },
      );
    });

    it("sends heartbeat comments while idle", async () => {
      const live = await startLiveApp(dialect, cleanups, {
        eventStreams: { ...DEFAULT_EVENT_STREAM_LIMITS, maxStreams: 10, heartbeatMs: 50 },
      });
      const stream = await listen(live);
      await stream.waitFor((message) => message.comments.includes("heartbeat"), "a heartbeat");
    });

    it("ends open streams when the app closes, so the close does not wait for clients", async () => {
      const live = await startLiveApp(dialect, cleanups);
      const streams = [await listen(live), await listen(live)];
      await live.app.close();
      for (const stream of streams) await stream.ended();
    });

    if (dialect === "postgres") {
      it("re-LISTENs after its connection is killed, and the next save reaches the stream", async () => {
        const live = await startLiveApp(dialect, cleanups);
        const stream = await listen(live);
        const admin = new pg.Client({ connectionString: live.connectionString });
        await admin.connect();
        cleanups.push(() => admin.end());
        const listeners = async () =>
          (
            await admin.query<{ pid: number }>(
              // The last query of a listening backend is its LISTEN.
              "select pid from pg_stat_activity where application_name = $1 and datname = current_database() and query ilike 'listen %'",
              [EVENTS_APPLICATION_NAME],
            )
          ).rows.map((row) => row.pid);
        const [killed] = await listeners();
        expect(killed).toBeDefined();
        await admin.query("select pg_terminate_backend($1)", [killed]);
        await vi.waitFor(
          async () => expect((await listeners()).filter((pid) => pid !== killed)).toHaveLength(1),
          { timeout: 10_000, interval: 50 },
        );
        const saved = (await (await save(live.baseUrl, 9)).json()) as SavedDrawing;
        await stream.waitFor(isDrawingEvent(saved.id), "the drawing saved after the reconnect");
      });
    }
  });
}
