import { describe, expect, it } from "vitest";
import { remixIdIn, remixPath } from "./remix.ts";

describe("remix links", () => {
  it("reads back the drawing id its own path names", () => {
    const path = remixPath("Ab-_0123456z");
    expect(path).toBe("/?remix=Ab-_0123456z");
    expect(remixIdIn(path.slice(1))).toBe("Ab-_0123456z");
  });

  it("ignores a ?remix= that is no drawing id, and a page without one", () => {
    for (const search of [
      "?remix=short",
      "?remix=Ab-_0123456zz",
      "?remix=..%2Fx%2F12345678",
      "?remix=",
      "",
      "?other=Ab-_0123456z",
    ]) {
      expect(remixIdIn(search), search).toBeNull();
    }
  });
});
