import { describe, expect, it } from "vitest";
import { absolutePermalink } from "./share-links.ts";

describe("share links", () => {
  it("puts the permalink on the public base, with or without a trailing slash or a path prefix", () => {
    expect(absolutePermalink("AbCdEfGh1234", "https://fanvas.example")).toBe(
      "https://fanvas.example/d/AbCdEfGh1234",
    );
    expect(absolutePermalink("AbCdEfGh1234", "https://fanvas.example/")).toBe(
      "https://fanvas.example/d/AbCdEfGh1234",
    );
    expect(absolutePermalink("a_b-c", "https://x.example/wall")).toBe("https://x.example/wall/d/a_b-c");
  });
});
