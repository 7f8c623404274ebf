import { describe, expect, it } from "vitest";
import { FANVAS_STICKER_IDS } from "../../../common/drawing-document/known-stickers.ts";
import { DEFAULT_STICKERS } from "./catalogue.ts";

describe("Fanvas's own stickers", () => {
  it("are the ones a drawing log may place (the decoder's list of ids, shared with the server)", () => {
    expect(DEFAULT_STICKERS.map((sticker) => sticker.id)).toEqual(FANVAS_STICKER_IDS);
  });
});
