import { describe, expect, it } from "vitest";
import { absolutePermalink, xIntentUrl } from "./share-links.ts";

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

  it("builds X's web intent with the text and the link encoded", () => {
    const intent = new URL(xIntentUrl("Look & draw #1?", "https://fanvas.example/d/AbCdEfGh1234"));
    expect(intent.origin + intent.pathname).toBe("https://x.com/intent/tweet");
    expect(intent.searchParams.get("text")).toBe("Look & draw #1?");
    expect(intent.searchParams.get("url")).toBe("https://fanvas.example/d/AbCdEfGh1234");
  });
});
