import { describe, expect, it } from "vitest";
import type { GalleryItem } from "../../common/api.ts";
import { parseGalleryItem } from "./wall-api.ts";
import {
  appendOlder,
  prependNewer,
  withFirstPage,
  withoutDrawing,
  withReactionChanges,
  withToggledReaction,
  withUndoneReaction,
} from "./wall-list.ts";

function item(id: string, minute: number): GalleryItem {
  return {
    id,
    url: `/api/drawings/${id}.png`,
    thumbnailUrl: `/api/drawings/${id}.webp`,
    permalink: `/d/${id}`,
    createdAt: new Date(Date.UTC(2026, 10, 21, 12, minute)).toISOString(),
    reactions: { heart: minute, fire: 0, lol: 1 },
    reactionsVersion: minute + 1,
    remixOf: null,
    name: null,
    prompt: null,
    place: null,
  };
}

const ids = (items: readonly GalleryItem[]) => items.map((entry) => entry.id);

describe("the wall's list", () => {
  it("appends an older page below, skipping drawings an event already brought", () => {
    const shown = [item("c", 3), item("b", 2)];
    expect(ids(appendOlder(shown, [item("b", 2), item("a", 1)]))).toEqual(["c", "b", "a"]);
    expect(appendOlder(shown, [item("b", 2)])).toBe(shown);
  });

  it("puts live drawings on top newest first, once each, even when an event repeats or a save comes back", () => {
    const shown = [item("b", 2)];
    const once = prependNewer(shown, [item("c", 3)]);
    expect(ids(once)).toEqual(["c", "b"]);
    expect(prependNewer(once, [item("c", 3)])).toBe(once);
    expect(ids(prependNewer(shown, [item("d", 4), item("e", 5), item("d", 4), item("b", 2)]))).toEqual([
      "e",
      "d",
      "b",
    ]);
  });

  it("keeps newest first when an event arrived before the page that also holds it, or older than the top", () => {
    // The feed opened, announced e, and then the first page (asked for once the feed was open) came in.
    expect(ids(prependNewer([item("e", 5)], [item("e", 5), item("c", 3), item("b", 2)]))).toEqual([
      "e",
      "c",
      "b",
    ]);
    expect(ids(prependNewer([item("e", 5), item("b", 2)], [item("c", 3)]))).toEqual(["e", "c", "b"]);
  });

  it("drops a removed drawing and leaves the list alone for one not shown", () => {
    const shown = [item("c", 3), item("b", 2)];
    expect(ids(withoutDrawing(shown, "c"))).toEqual(["b"]);
    expect(withoutDrawing(shown, "zz")).toBe(shown);
  });
});

describe("parseGalleryItem", () => {
  it("accepts the server's item and keeps only its fields", () => {
    expect(parseGalleryItem({ ...item("a", 1), extra: 1 })).toEqual({ ...item("a", 1), making: false });
    expect(parseGalleryItem({ ...item("a", 1), making: true })).toEqual({ ...item("a", 1), making: true });
  });

  it("refuses missing fields and links off our origin", () => {
    expect(parseGalleryItem(null)).toBeNull();
    expect(parseGalleryItem({ ...item("a", 1), createdAt: 5 })).toBeNull();
    expect(parseGalleryItem({ ...item("a", 1), permalink: "https://evil.example/d/a" })).toBeNull();
    expect(parseGalleryItem({ ...item("a", 1), thumbnailUrl: "//evil.example/a.webp" })).toBeNull();
    expect(parseGalleryItem({ ...item("a", 1), url: "javascript:alert(1)" })).toBeNull();
  });
});

describe("reaction counts on the wall", () => {
  const shown = [item("a", 3), item("b", 2)];

  it("takes newer counts, keeps the visitor's own reactions unless an answer gives them", () => {
    const a = shown[0] as GalleryItem;
    const live = withReactionChanges(shown, [
      { id: "a", reactions: { heart: 9, fire: 1, lol: 0 }, version: 10 },
    ]);
    expect(live[0]).toMatchObject({ reactions: { heart: 9, fire: 1, lol: 0 }, reactionsVersion: 10 });
    expect(live[1]).toBe(shown[1]);
    const answered = withReactionChanges(live, [
      { id: "a", reactions: { heart: 10, fire: 1, lol: 0 }, version: 11, reacted: ["heart"] },
    ]);
    expect(answered[0]?.reacted).toEqual(["heart"]);
    expect(a.reactionsVersion).toBe(4);
  });

  it("ignores counts older than those shown, and changes of drawings not shown", () => {
    const stale = [{ id: "a", reactions: { heart: 0, fire: 0, lol: 0 }, version: 1 }];
    expect(withReactionChanges(shown, stale)).toBe(shown);
    const elsewhere = [{ id: "zz", reactions: { heart: 5, fire: 0, lol: 0 }, version: 99 }];
    expect(withReactionChanges(shown, elsewhere)).toBe(shown);
  });
});

describe("a view's first page", () => {
  const counted = (entry: GalleryItem, heart: number, version: number): GalleryItem => ({
    ...entry,
    reactions: { ...entry.reactions, heart },
    reactionsVersion: version,
  });

  it("on New merges by time; on Top replaces the list the first time", () => {
    expect(ids(withFirstPage([item("a", 1)], [item("c", 3), item("b", 2)], "new", true))).toEqual([
      "c",
      "b",
      "a",
    ]);
    expect(ids(withFirstPage([item("a", 1)], [item("c", 3), item("b", 2)], "top", false))).toEqual([
      "c",
      "b",
    ]);
  });

  it("on a Top resync keeps every page shown and takes only the newer counts", () => {
    // Two pages were shown; the feed dropped and opened again, and page one came back re-ranked with new counts.
    const shown = [item("d", 40), item("c", 30), item("b", 20), item("a", 10)];
    const again = [counted(item("c", 30), 99, 100), item("d", 40), item("new", 50)];
    const merged = withFirstPage(shown, again, "top", true);
    expect(ids(merged)).toEqual(["d", "c", "b", "a"]);
    expect(merged[1]).toMatchObject({ reactions: { heart: 99 }, reactionsVersion: 100 });
    expect(merged[0]).toEqual(shown[0]);
    expect(merged.slice(2)).toEqual(shown.slice(2));
  });

  it("on a Top resync takes the visitor's own reactions the page carries", () => {
    const shown = [item("a", 1)];
    const again = [{ ...counted(item("a", 1), 5, 9), reacted: ["heart" as const] }];
    expect(withFirstPage(shown, again, "top", true)[0]?.reacted).toEqual(["heart"]);
  });
});

describe("a reaction toggle on a card", () => {
  // Drawing "a" as clicked: heart 3, not pressed, counts of version 4.
  const clicked = item("a", 3);
  const shown = [clicked, item("b", 2)];

  it("shows the give or the take-back at once, keeping the version so any newer count replaces it", () => {
    const given = withToggledReaction(shown, "a", "heart", true);
    expect(given[0]).toMatchObject({ reactions: { heart: 4 }, reacted: ["heart"], reactionsVersion: 4 });
    expect(given[1]).toBe(shown[1]);
    const taken = withToggledReaction(given, "a", "heart", false);
    expect(taken[0]).toMatchObject({ reactions: { heart: 3 }, reacted: [], reactionsVersion: 4 });
    expect(withToggledReaction(shown, "zz", "heart", true)).toBe(shown);
  });

  it("on failure puts back the count and pressed state the card had when clicked", () => {
    const given = withToggledReaction(shown, "a", "heart", true);
    const undone = withUndoneReaction(given, clicked, "heart");
    expect(undone[0]).toMatchObject({ reactions: clicked.reactions, reacted: [], reactionsVersion: 4 });
  });

  it("on failure keeps a newer live count that came meanwhile, and only unpresses the button", () => {
    const given = withToggledReaction(shown, "a", "heart", true);
    // Someone else's heart: the server's count (without this visitor's failed one) is 4, version 5.
    const live = withReactionChanges(given, [
      { id: "a", reactions: { heart: 4, fire: 0, lol: 1 }, version: 5 },
    ]);
    const undone = withUndoneReaction(live, clicked, "heart");
    expect(undone[0]).toMatchObject({
      reactions: { heart: 4, fire: 0, lol: 1 },
      reacted: [],
      reactionsVersion: 5,
    });
  });

  it("on failure leaves the other kinds alone, whose own toggles may be on their way", () => {
    const both = withToggledReaction(withToggledReaction(shown, "a", "heart", true), "a", "fire", true);
    const undone = withUndoneReaction(both, clicked, "heart");
    expect(undone[0]).toMatchObject({ reactions: { heart: 3, fire: 1 }, reacted: ["fire"] });
  });
});
