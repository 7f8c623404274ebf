import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CARD_HEIGHT, CARD_WIDTH, cardStyleKey, makeCard } from "./card.ts";

const STYLE = { title: "Draw Fred", background: "#eef5ea", accent: "#1f7a3a" };

describe("a link card image", () => {
  it("draws any title as text, markup and all, and stays 1200 x 630 however long the title is", async () => {
    const drawing = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    for (const title of [`Fred's <span foreground="red">"pals"</span> & <b>co</b>`, "Привет ".repeat(17)]) {
      const card = await makeCard(drawing, { ...STYLE, title });
      const { width, height, format } = await sharp(card).metadata();
      expect([width, height, format], title).toEqual([CARD_WIDTH, CARD_HEIGHT, "png"]);
    }
  });

  it("refuses what is not a picture, so the job can take it off the wall", async () => {
    await expect(makeCard(Buffer.from("not a png"), STYLE)).rejects.toThrow();
  });

  it("is made again when the title, a colour or the layout changes", () => {
    const key = cardStyleKey(STYLE);
    expect(cardStyleKey({ ...STYLE })).toBe(key);
    expect(cardStyleKey({ ...STYLE, title: "Draw Wanda" })).not.toBe(key);
    expect(cardStyleKey({ ...STYLE, background: "#ffffff" })).not.toBe(key);
    expect(cardStyleKey({ ...STYLE, accent: "#000000" })).not.toBe(key);
  });
});
