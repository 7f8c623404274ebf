import { afterEach, describe, expect, it, vi } from "vitest";
import type { GalleryItem } from "../../common/api.ts";
import { parseReactionChanges, toggleReaction } from "../reactions/react-drawing.ts";
import { REACTION_FAILED } from "../reactions/reaction-failed.ts";
import { openLiveWall } from "./live-wall.ts";
import { promptsOf } from "./use-prompts.ts";
import { fetchGalleryPage, NOT_A_GALLERY_PAGE } from "./wall-api.ts";

// The wall takes only replies and events that validate against the wire schemas (src/common/wire): anything else
// is refused with what the visitor sees for any unreadable reply ("Couldn't load the drawings.", "Couldn't react
// — try again."), or ignored when it is an event.

const item: GalleryItem = {
  id: "abcdefghijkl",
  url: "/api/drawings/abcdefghijkl.png",
  thumbnailUrl: "/api/drawings/abcdefghijkl.webp",
  permalink: "/d/abcdefghijkl",
  createdAt: "2026-11-27T12:00:00.000Z",
  reactions: { heart: 2, fire: 0, lol: 1 },
  reactionsVersion: 3,
  remixOf: null,
  name: null,
  prompt: null,
  place: null,
};

function answerWith(status: number, body: unknown): void {
  vi.stubGlobal("fetch", async () => Response.json(body, { status }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a page of the wall", () => {
  it("takes a page that validates, each item with its own fields", async () => {
    answerWith(200, { items: [{ ...item, extra: "dropped" }], nextCursor: "next" });
    expect(await fetchGalleryPage(null)).toEqual({ items: [{ ...item, making: false }], nextCursor: "next" });
  });

  it("refuses a page that does not, whichever part is wrong", async () => {
    const wrong = [
      { items: [{ ...item, thumbnailUrl: "//evil.example/a.webp" }], nextCursor: null },
      { items: [{ ...item, reactions: { heart: "2", fire: 0, lol: 1 } }], nextCursor: null },
      { items: [{ ...item, reacted: ["angry"] }], nextCursor: null },
      { items: [{ ...item, place: 1.5 }], nextCursor: null },
      { items: [item] },
      { items: "none", nextCursor: null },
      "<html>Log in to the Wi-Fi</html>",
    ];
    for (const body of wrong) {
      answerWith(200, body);
      await expect(fetchGalleryPage(null)).rejects.toThrow(NOT_A_GALLERY_PAGE);
    }
  });
});

describe("a reaction's answer", () => {
  it("takes the counts that validate", async () => {
    const state = { reactions: { heart: 1, fire: 0, lol: 0 }, version: 4, reacted: ["heart"] };
    answerWith(200, state);
    expect(await toggleReaction("abcdefghijkl", "heart", true)).toEqual(state);
  });

  it("fails, as the visitor is told, on counts that do not", async () => {
    const wrong = [
      { reactions: { heart: 1 }, version: 4, reacted: [] },
      { reactions: { heart: 1, fire: 0, lol: 0 }, version: 4.5, reacted: [] },
      { reactions: { heart: 1, fire: 0, lol: 0 }, version: 4, reacted: ["angry"] },
    ];
    for (const body of wrong) {
      answerWith(200, body);
      const answer = await toggleReaction("abcdefghijkl", "heart", true);
      expect(answer).toBe("failed");
      expect(REACTION_FAILED[answer as "failed"]).toBe("Couldn't react — try again.");
    }
  });

  it("reads a full network only from an error body that validates", async () => {
    const full = { statusCode: 403, code: "address_reactions_full", message: "Full." };
    answerWith(403, full);
    expect(await toggleReaction("abcdefghijkl", "heart", true)).toBe("network-full");
    answerWith(403, { code: "address_reactions_full" });
    expect(await toggleReaction("abcdefghijkl", "heart", true)).toBe("failed");
  });

  it("takes the event's changes only when the whole event validates", () => {
    const change = { id: "abcdefghijkl", reactions: { heart: 1, fire: 0, lol: 0 }, version: 2 };
    expect(parseReactionChanges({ changes: [change] })).toEqual([change]);
    expect(parseReactionChanges({ changes: [change, { ...change, version: "3" }] })).toEqual([]);
    expect(parseReactionChanges(null)).toEqual([]);
  });
});

describe("the prompts' answer", () => {
  const prompt = {
    id: "wire-week",
    title: "Wire week",
    hashtag: null,
    startsAt: "2026-11-26T00:00:00.000Z",
    endsAt: "2026-12-03T00:00:00.000Z",
    phase: "running",
    lastDay: "2 Dec",
    winners: [],
  };

  it("takes the prompts of an answer that validates, and refuses one that does not", () => {
    expect(promptsOf({ prompts: [prompt] })).toEqual([prompt]);
    expect(() => promptsOf({ prompts: [{ ...prompt, phase: "upcoming" }] })).toThrow("not a list of prompts");
    expect(() => promptsOf({ prompts: [{ ...prompt, winners: undefined }] })).toThrow(
      "not a list of prompts",
    );
  });
});

describe("the live feed", () => {
  it("hands on the events that validate and ignores the rest", () => {
    const source = Object.assign(new EventTarget(), { readyState: 1, close() {} });
    const heard: unknown[] = [];
    const close = openLiveWall(
      {
        onDrawing: (drawing) => heard.push(["drawing", drawing.id]),
        onRemoved: (id) => heard.push(["removed", id]),
        onReactions: (changes) => heard.push(["reactions", changes.length]),
        onName: (id, name) => heard.push(["credit", id, name]),
        onNameBlocked: (key) => heard.push(["name-blocked", key]),
        onOpen: () => {},
      },
      { createSource: () => source as unknown as EventSource },
    );
    const send = (type: string, data: unknown) =>
      source.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
    send("drawing", { ...item, permalink: "https://evil.example/d/x" });
    send("removed", { id: 5 });
    send("credit", { id: "abcdefghijkl" });
    send("name-blocked", { key: null });
    send("reactions", {
      changes: [{ id: "abcdefghijkl", reactions: { heart: -1, fire: 0, lol: 0 }, version: 1 }],
    });
    expect(heard).toEqual([]);
    send("drawing", item);
    send("removed", { id: "abcdefghijkl" });
    send("credit", { id: "abcdefghijkl", name: null });
    send("name-blocked", { key: "spam bot" });
    send("reactions", {
      changes: [{ id: "abcdefghijkl", reactions: { heart: 1, fire: 0, lol: 0 }, version: 1 }],
    });
    expect(heard).toEqual([
      ["drawing", "abcdefghijkl"],
      ["removed", "abcdefghijkl"],
      ["credit", "abcdefghijkl", null],
      ["name-blocked", "spam bot"],
      ["reactions", 1],
    ]);
    close();
  });
});
