import { afterEach, describe, expect, it } from "vitest";
import type { GalleryItem } from "../../src/common/api.ts";
import { DEFAULT_EVENT_STREAM_LIMITS, type EventStreamLimits } from "../../src/server/live/event-streams.ts";
import { type Dialect, testDialects } from "./helpers/dialects.ts";
import { type Cleanups, saveOverHttp, startLiveApp } from "./helpers/live-app.ts";
import { isDrawingEvent, openEventStream, type SseClient, type SseMessage } from "./helpers/sse.ts";

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The production app on a fresh database, listening on a free loopback port; its base URL. */
async function startLiveServer(dialect: Dialect, eventStreams?: EventStreamLimits): Promise<string> {
  const live = await startLiveApp(dialect, cleanups, eventStreams === undefined ? {} : { eventStreams });
  return live.baseUrl;
}

/** A stream opened as EventSource opens one, first or again with Last-Event-ID, once its verdict has come. */
async function connect(baseUrl: string, lastEventId?: string): Promise<SseClient> {
  const headers: Record<string, string> = lastEventId === undefined ? {} : { "last-event-id": lastEventId };
  const stream = await openEventStream(`${baseUrl}/api/events`, headers);
  cleanups.push(() => stream.close());
  await stream.waitFor(isVerdict, "resumed or refetch");
  return stream;
}

const isVerdict = (message: SseMessage) => message.event === "resumed" || message.event === "refetch";

/** What EventSource would send as Last-Event-ID now: the last id line it read, with or without an event. */
function lastEventIdOf(stream: SseClient): string {
  const withId = stream.messages().filter((message) => message.id !== undefined);
  return withId.at(-1)?.id ?? "";
}

/** The events a page acts on (drawings, removals, counts...), without the stream's own messages. */
function wallEvents(messages: readonly SseMessage[]): { event: string | undefined; data: string }[] {
  return messages
    .filter((message) => message.data !== "" && !isVerdict(message))
    .map(({ event, data }) => ({ event, data }));
}

describe.each(testDialects())("a visitor whose live wall blinked (%s)", (dialect) => {
  it("reconnects with Last-Event-ID and is sent exactly what it missed, then what comes next", async () => {
    const baseUrl = await startLiveServer(dialect);
    const first = await connect(baseUrl);
    // A fresh stream has nothing to resume: the page reads the wall.
    expect(first.messages().find(isVerdict)?.event).toBe("refetch");
    const seen = await saveOverHttp(baseUrl, 1);
    await first.waitFor(isDrawingEvent(seen.id), "the drawing seen before the blink");
    const lastEventId = lastEventIdOf(first);
    first.close();

    // While the visitor is away: three drawings, which another visitor's open wall hears.
    const other = await connect(baseUrl);
    const missed = [
      await saveOverHttp(baseUrl, 2),
      await saveOverHttp(baseUrl, 3),
      await saveOverHttp(baseUrl, 4),
    ];
    await other.waitFor(isDrawingEvent(missed[2]?.id ?? ""), "the last missed drawing");

    const again = await connect(baseUrl, lastEventId);
    const verdict = again.messages().find(isVerdict);
    expect(verdict?.event).toBe("resumed");
    expect(JSON.parse(verdict?.data ?? "{}")).toEqual({ missed: 3 });
    await again.waitFor(isDrawingEvent(missed[2]?.id ?? ""), "the missed drawings");
    const replayed = wallEvents(again.messages());
    expect(replayed).toEqual(wallEvents(other.messages()));
    expect(replayed.map(({ data }) => (JSON.parse(data) as GalleryItem).id)).toEqual(
      missed.map(({ id }) => id),
    );

    // And the stream goes on from there, once.
    const next = await saveOverHttp(baseUrl, 5);
    await again.waitFor(isDrawingEvent(next.id), "the next drawing");
    expect(wallEvents(again.messages())).toHaveLength(4);
  });

  it("tells a visitor to read the wall again when it missed more than the process keeps, or names no place of it", async () => {
    const baseUrl = await startLiveServer(dialect, {
      ...DEFAULT_EVENT_STREAM_LIMITS,
      replay: { maxEvents: 2, maxBytes: 64 * 1024 },
    });
    const first = await connect(baseUrl);
    const lastEventId = lastEventIdOf(first);
    first.close();
    for (const seed of [6, 7, 8]) await saveOverHttp(baseUrl, seed);

    const again = await connect(baseUrl, lastEventId);
    expect(again.messages().find(isVerdict)?.event).toBe("refetch");
    expect(wallEvents(again.messages())).toEqual([]);
    // Its new place: from here on it resumes again.
    const place = lastEventIdOf(again);
    expect(place).not.toBe(lastEventId);
    again.close();
    const next = await saveOverHttp(baseUrl, 9);
    const resumed = await connect(baseUrl, place);
    expect(resumed.messages().find(isVerdict)?.event).toBe("resumed");
    await resumed.waitFor(isDrawingEvent(next.id), "the drawing after the new place");

    for (const stranger of ["another-process.1", "not an id", `${place}0`]) {
      const refused = await connect(baseUrl, stranger);
      expect(refused.messages().find(isVerdict)?.event).toBe("refetch");
      refused.close();
    }
  });
});
