import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StrokeOperation } from "../../common/drawing-document/types.ts";
import { RoomState } from "../../common/rooms/room-state.ts";
import { RoomPictures } from "./room-pictures.ts";

// A late joiner's picture arrives before the snapshot and the entries that reach its seq, and is decoded off
// the main thread: whichever comes first, the picture waits for the log to reach it instead of being let go
// (then the whole log would be replayed).

const dot: StrokeOperation = {
  kind: "stroke",
  author: 0,
  time: 0,
  style: { colour: "#000000", width: 3, eraser: false },
  points: { x: [10], y: [10], elapsed: [0] },
  dot: true,
};

/** The room's state with `count` operations applied. */
function stateThrough(count: number): RoomState {
  const state = new RoomState({ kind: "mascot" });
  for (let seq = 1; seq <= count; seq += 1) state.apply({ kind: "op", seq, author: 0, opId: seq, op: dot });
  return state;
}

describe("RoomPictures on a late joiner's page", () => {
  const bitmap = { close: vi.fn() } as unknown as ImageBitmap;
  beforeEach(() =>
    vi.stubGlobal(
      "createImageBitmap",
      vi.fn(async () => bitmap),
    ),
  );
  afterEach(() => vi.unstubAllGlobals());

  it("keeps a picture ahead of the log until the log reaches it, then paints from it", async () => {
    const ready = vi.fn();
    const pictures = new RoomPictures({ send: () => true, canvasPng: async () => new Blob(), ready });
    pictures.welcomed(undefined, 0);
    pictures.received({ seq: 5, painted: 5, png: new Uint8Array([1]) });
    await vi.waitFor(() => expect(ready).toHaveBeenCalled());
    // Decoded before the snapshot came: the page's log is empty, then the snapshot holds three of the five.
    for (const state of [stateThrough(0), stateThrough(3)]) {
      expect(pictures.ahead(state)).toBe(true);
      expect(pictures.usable(state)).toBeNull();
    }
    // The entries that reach it came.
    expect(pictures.ahead(stateThrough(5))).toBe(false);
    expect(pictures.usable(stateThrough(5))).toEqual({ index: 5, image: bitmap });
    expect(pictures.usable(stateThrough(7))).toEqual({ index: 5, image: bitmap });
  });

  it("lets a picture ahead of the log go when the connection that brought it is lost", async () => {
    const ready = vi.fn();
    const pictures = new RoomPictures({ send: () => true, canvasPng: async () => new Blob(), ready });
    pictures.welcomed(undefined, 0);
    pictures.received({ seq: 5, painted: 5, png: new Uint8Array([1]) });
    await vi.waitFor(() => expect(ready).toHaveBeenCalled());
    pictures.welcomed(undefined, 3);
    expect(pictures.ahead(stateThrough(3))).toBe(false);
    expect(pictures.usable(stateThrough(5))).toBeNull();
  });

  it("on a guest's page, takes the picture only once the log stood still, so pages agree on its seq", async () => {
    vi.useFakeTimers();
    try {
      const canvasPng = vi.fn(async () => new Blob([new Uint8Array([1])]));
      const pictures = new RoomPictures({ send: () => true, canvasPng, ready: () => undefined });
      pictures.welcomed(undefined, 0);
      pictures.schedule({ every: 2, through: 0, quietMs: 1_000 });
      pictures.settled(stateThrough(3));
      vi.advanceTimersByTime(600);
      pictures.settled(stateThrough(4)); // the log moved: the wait starts again
      vi.advanceTimersByTime(600);
      pictures.settled(stateThrough(4));
      expect(canvasPng).not.toHaveBeenCalled();
      vi.advanceTimersByTime(400);
      pictures.settled(stateThrough(4));
      expect(canvasPng).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
