import { describe, expect, it } from "vitest";
import { staleWireCheckFiles } from "../../../scripts/wire-checks.ts";

describe("the page's compiled reply checks", () => {
  it("are those the wire schemas make now (run npm run wire after changing a schema)", () => {
    expect(staleWireCheckFiles()).toEqual([]);
  });
});
