import { describe, expect, it } from "vitest";
import { createEventBus, type DrawingEvent } from "../db/event-bus.ts";
import { wallEventOf } from "./wall-events.ts";

const removed: DrawingEvent = { type: "removed", id: "AAAAAAAAAAAA" };

describe("the event bus", () => {
  it("delivers each event to every subscriber, synchronous ones before publish returns", async () => {
    const bus = createEventBus();
    const heard: string[] = [];
    bus.subscribe((event) => {
      heard.push(`first ${event.type}`);
    });
    bus.subscribe((event) => {
      heard.push(`second ${event.type}`);
    });
    const published = bus.publish(removed);
    // A cache evicted here is gone before the publisher answers its own request.
    expect(heard).toEqual(["first removed", "second removed"]);
    await published;
  });

  it("resolves only once a slow subscriber is done, and a failing one fails neither the publisher nor the others", async () => {
    const failures: unknown[] = [];
    const bus = createEventBus((error) => failures.push(error));
    let notified = false;
    bus.subscribe(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      notified = true;
    });
    bus.subscribe(() => {
      throw new Error("broken listener");
    });
    bus.subscribe(async () => {
      throw new Error("broken async listener");
    });
    await bus.publish(removed);
    expect(notified).toBe(true);
    expect(failures.map((error) => (error as Error).message)).toEqual([
      "broken listener",
      "broken async listener",
    ]);
  });

  it("stops delivering to an unsubscribed listener, and counts the same function twice as two subscriptions", async () => {
    const bus = createEventBus();
    let calls = 0;
    const listener = () => {
      calls += 1;
    };
    const stop = bus.subscribe(listener);
    bus.subscribe(listener);
    await bus.publish(removed);
    stop();
    await bus.publish(removed);
    expect(calls).toBe(3);
  });
});

describe("the wall's view of the events", () => {
  const drawing = { id: "AAAAAAAAAAAA", createdAt: "2026-11-24T12:00:00.000Z" };
  it("shows visible saves and approvals as arrivals, hides pending saves and new bytes, passes removals", () => {
    const item = { id: drawing.id, createdAt: drawing.createdAt, url: "/api/drawings/AAAAAAAAAAAA.png" };
    expect(wallEventOf({ type: "added", drawing, visible: true })).toMatchObject({ type: "added", item });
    expect(wallEventOf({ type: "shown", drawing })).toMatchObject({ type: "added", item });
    expect(wallEventOf({ type: "added", drawing, visible: false })).toBeUndefined();
    expect(wallEventOf({ type: "changed", id: drawing.id })).toBeUndefined();
    expect(wallEventOf(removed)).toEqual({ type: "removed", id: drawing.id });
  });
});
