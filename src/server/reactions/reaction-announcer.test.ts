import { describe, expect, it } from "vitest";
import type { ReactionChange } from "../../common/reactions.ts";
import { createEventBus, type DrawingEvent } from "../db/event-bus.ts";
import { createReactionAnnouncer } from "./reaction-announcer.ts";

const change = (id: string, version: number): ReactionChange => ({
  id,
  reactions: { heart: version, fire: 0, lol: 0 },
  version,
});

/** An announcer over a fresh bus, and what it announced once closed. */
function announcerOnBus() {
  const events = createEventBus();
  const announced: ReactionChange[] = [];
  events.subscribe((event: DrawingEvent) => {
    if (event.type === "reactions") announced.push(...event.changes);
  });
  return { events, announcer: createReactionAnnouncer(events, 60_000), announced };
}

describe("the reaction announcer and removals", () => {
  it("drops what it gathered for a drawing once the drawing is removed", async () => {
    const { events, announcer, announced } = announcerOnBus();
    announcer.changed(change("a", 1), announcer.mark());
    announcer.changed(change("b", 1), announcer.mark());
    await events.publish({ type: "removed", id: "a" });
    await announcer.close();
    expect(announced.map((gathered) => gathered.id)).toEqual(["b"]);
  });

  it("drops a change from a toggle that began before its drawing's removal and answered after it", async () => {
    const { events, announcer, announced } = announcerOnBus();
    const began = announcer.mark();
    await events.publish({ type: "removed", id: "a" });
    announcer.changed(change("a", 2), began);
    await announcer.close();
    expect(announced).toEqual([]);
  });

  it("announces a drawing restored after its removal again, for toggles that began after it", async () => {
    const { events, announcer, announced } = announcerOnBus();
    await events.publish({ type: "removed", id: "a" });
    announcer.changed(change("a", 3), announcer.mark());
    await announcer.close();
    expect(announced).toEqual([change("a", 3)]);
  });
});
