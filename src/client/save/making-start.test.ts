import { describe, expect, it } from "vitest";
import { encodeDrawing } from "../../common/drawing-document/encode.ts";
import { remixedIn } from "./making-start.ts";

describe("remixedIn", () => {
  it("reads the remixed drawing's id from an encoded making, as the codec wrote it", () => {
    const making = encodeDrawing({ start: { kind: "drawing", id: "4wMYwOpzgYc6" }, operations: [] });
    expect(remixedIn(making)).toBe("4wMYwOpzgYc6");
  });

  it("finds none in a making that starts from the mascot or white, or in bytes that are no making", () => {
    expect(remixedIn(encodeDrawing({ start: { kind: "mascot" }, operations: [] }))).toBeUndefined();
    expect(remixedIn(encodeDrawing({ start: { kind: "white" }, operations: [] }))).toBeUndefined();
    expect(remixedIn(new Uint8Array(4))).toBeUndefined();
  });
});
