import { describe, expect, it } from "vitest";
import { sharePostText, xIntentUrl } from "./share-text.ts";

const LINK = "https://fanvas.example/d/AbCdEfGh1234";

describe("the post about a drawing", () => {
  it("puts the link after the text when the text does not place it", () => {
    expect(sharePostText({ shareText: "Look what I drew! Draw your own:" }, LINK)).toBe(
      `Look what I drew! Draw your own: ${LINK}`,
    );
  });

  it("puts the link where {url} stands, and the hashtags and cashtags at the end", () => {
    expect(
      sharePostText({ shareText: "Fred by me {url} — draw yours", hashtags: "$FRED #DrawFred" }, LINK),
    ).toBe(`Fred by me ${LINK} — draw yours $FRED #DrawFred`);
    expect(sharePostText({ shareText: "New one:", hashtags: "#DrawFred" }, LINK)).toBe(
      `New one: ${LINK} #DrawFred`,
    );
  });

  it("is the link alone when the branding says nothing", () => {
    expect(sharePostText({}, LINK)).toBe(LINK);
  });

  it("opens X's intent with the whole post as its text, encoded", () => {
    const intent = new URL(xIntentUrl(`Look & draw #1? ${LINK} $FRED`));
    expect(intent.origin + intent.pathname).toBe("https://x.com/intent/tweet");
    expect(intent.searchParams.get("text")).toBe(`Look & draw #1? ${LINK} $FRED`);
    expect(intent.searchParams.get("url")).toBeNull();
  });
});

describe("the post about a signed drawing or a prompt's entry", () => {
  it("names the artist after the text and puts the prompt's hashtag after the community's", () => {
    expect(
      sharePostText({ shareText: "Look what I drew!", hashtags: "$FRED #DrawFred" }, LINK, {
        credit: "@fred_art",
        promptHashtag: "#FredAtTheBeach",
      }),
    ).toBe(`Look what I drew! ${LINK} — by @fred_art $FRED #DrawFred #FredAtTheBeach`);
  });

  it("says nothing of a name or prompt the drawing does not have, and never repeats a tag", () => {
    expect(sharePostText({ shareText: "New:" }, LINK, { credit: null, promptHashtag: null })).toBe(
      `New: ${LINK}`,
    );
    expect(
      sharePostText({ shareText: "New:", hashtags: "#DrawFred #Beach" }, LINK, { promptHashtag: "#beach" }),
    ).toBe(`New: ${LINK} #DrawFred #Beach`);
  });
});
