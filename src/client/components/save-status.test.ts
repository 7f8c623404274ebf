import { describe, expect, it } from "vitest";
import { saveStatusText } from "./save-status.ts";

describe("saveStatusText", () => {
  it("says what the save is doing in a few words", () => {
    expect(saveStatusText({ kind: "idle" })).toBe("");
    expect(saveStatusText({ kind: "saving" })).toBe("Saving…");
    expect(saveStatusText({ kind: "saved", url: "/api/drawings/abc.png" })).toBe("Saved");
  });

  it("starts every failure with issue 2's promise that the download is safe", () => {
    expect(saveStatusText({ kind: "failed" })).toBe("Couldn't save — your download is safe");
    expect(saveStatusText({ kind: "retrying" })).toBe("Couldn't save — your download is safe. Retrying…");
    expect(saveStatusText({ kind: "refused", message: "The image must be 600 x 600 pixels." })).toBe(
      "Couldn't save — your download is safe. The image must be 600 x 600 pixels.",
    );
  });
});
