import { describe, expect, it } from "vitest";
import { openLiveWall } from "./live-wall.ts";

/** An EventSource the test drives: it opens, reconnects and delivers what the server would send. */
class FakeSource extends EventTarget {
  readyState = 1;
  emit(type: string, data = "{}"): void {
    this.dispatchEvent(type === "open" ? new Event("open") : new MessageEvent(type, { data }));
  }
  close(): void {
    this.readyState = 2;
  }
}

function liveWall() {
  const sources: FakeSource[] = [];
  let reads = 0;
  const stop = openLiveWall(
    {
      onDrawing: () => {},
      onRemoved: () => {},
      onReactions: () => {},
      onOpen: () => {
        reads += 1;
      },
    },
    {
      createSource: () => {
        const source = new FakeSource();
        sources.push(source);
        return source as unknown as EventSource;
      },
    },
  );
  return { source: () => sources[0] as FakeSource, reads: () => reads, stop };
}

describe("the live wall's reconnections", () => {
  it("reads the wall when the stream says so, not when it opens", () => {
    const wall = liveWall();
    wall.source().emit("open");
    expect(wall.reads()).toBe(0);
    wall.source().emit("refetch");
    expect(wall.reads()).toBe(1);
    wall.stop();
  });

  it("after the browser's own reconnection reads the wall only when the stream could not resume", () => {
    const wall = liveWall();
    wall.source().emit("open");
    wall.source().emit("refetch");
    // Reconnected with Last-Event-ID, and sent what was missed: nothing to read.
    wall.source().emit("open");
    wall.source().emit("resumed", '{"missed":2}');
    expect(wall.reads()).toBe(1);
    // Reconnected too late for the server's buffer: read the wall.
    wall.source().emit("open");
    wall.source().emit("refetch");
    expect(wall.reads()).toBe(2);
    wall.stop();
  });
});
