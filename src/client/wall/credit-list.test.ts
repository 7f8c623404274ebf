import { describe, expect, it } from "vitest";
import type { GalleryItem } from "../../common/api.ts";
import { placesOf, withName, withoutBlockedName } from "./credit-list.ts";
import { NEWEST } from "./wall-api.ts";
import { sameView, viewFromHash } from "./wall-views.ts";

function item(id: string, name: string | null): GalleryItem {
  return {
    id,
    url: `/api/drawings/${id}.png`,
    thumbnailUrl: `/api/drawings/${id}.webp`,
    permalink: `/d/${id}`,
    createdAt: "2026-11-27T12:00:00.000Z",
    reactions: { heart: 0, fire: 0, lol: 0 },
    reactionsVersion: 0,
    remixOf: null,
    name,
    prompt: null,
    place: null,
  };
}

describe("names and places on the wall's list", () => {
  it("takes a removed name off its drawing only, and keeps the list when nothing changes", () => {
    const shown = [item("a", "@fred"), item("b", "@fred")];
    expect(withName(shown, "a", null).map((entry) => entry.name)).toEqual([null, "@fred"]);
    expect(withName(shown, "zzz", null)).toBe(shown);
    expect(withName(shown, "a", "@fred")).toBe(shown);
  });

  it("drops a blocked name in every spelling that shares its key", () => {
    const shown = [
      item("a", "Spam Bot"),
      item("b", "ＳＰＡＭ ＢＯＴ"),
      item("c", "Spam Bots"),
      item("d", null),
    ];
    expect(withoutBlockedName(shown, "spam bot").map((entry) => entry.name)).toEqual([
      null,
      null,
      "Spam Bots",
      null,
    ]);
    expect(withoutBlockedName(shown, "nobody")).toBe(shown);
  });

  it("numbers the ended prompts' winners by place", () => {
    expect([...placesOf([["x", "y", "z"], ["w"]])]).toEqual([
      ["x", 1],
      ["y", 2],
      ["z", 3],
      ["w", 1],
    ]);
  });
});

describe("the wall's views by address", () => {
  it("opens a prompt's entries or this browser's drawings from the fragment, and nothing for others", () => {
    expect(viewFromHash("#prompt=fred-at-the-beach")).toEqual({
      ...NEWEST,
      scope: { kind: "prompt", id: "fred-at-the-beach" },
    });
    expect(viewFromHash("#yours")).toEqual({ ...NEWEST, scope: { kind: "mine" } });
    for (const hash of ["", "#wall", "#prompt=", "#prompt=Not An Id", "#prompt=%E2%80%AE"]) {
      expect(viewFromHash(hash), hash).toBeUndefined();
    }
  });

  it("tells views apart by scope and order, and ignores Top's window on New", () => {
    const prompt = { ...NEWEST, scope: { kind: "prompt", id: "a" } } as const;
    expect(sameView(prompt, { ...prompt })).toBe(true);
    expect(sameView(prompt, { ...prompt, scope: { kind: "prompt", id: "b" } })).toBe(false);
    expect(sameView(NEWEST, { ...NEWEST, window: "all" })).toBe(true);
    expect(sameView({ ...NEWEST, sort: "top" }, { ...NEWEST, sort: "top", window: "all" })).toBe(false);
  });
});
