import { describe, expect, it } from "vitest";
import { isPublicSave, SAVED_PENDING_TEXT, saveStatusText, saveStatusTone } from "./save-status.ts";

describe("saveStatusText", () => {
  it("says what the save is doing in a few words", () => {
    expect(saveStatusText({ kind: "idle" })).toBe("");
    expect(saveStatusText({ kind: "saving" })).toBe("Saving…");
    expect(saveStatusText({ kind: "saved", url: "/api/drawings/abc.png" })).toBe("Saved");
  });

  it("tells the saver a pending save waits for a moderator, and offers no View link or sharing for it", () => {
    const pending = { kind: "saved", url: "/api/drawings/abc.png", id: "abc", status: "pending" } as const;
    expect(saveStatusText(pending)).toBe("Saved — it will appear on the wall once a moderator approves it");
    expect(SAVED_PENDING_TEXT).toBe(saveStatusText(pending));
    expect(isPublicSave(pending)).toBe(false);
  });

  it("says plain Saved, with View and sharing, for a visible save and for an answer without a status", () => {
    for (const status of ["visible", undefined] as const) {
      const saved = { kind: "saved", url: "/api/drawings/abc.png", id: "abc", status } as const;
      expect(saveStatusText(saved)).toBe("Saved");
      expect(isPublicSave(saved)).toBe(true);
    }
    expect(isPublicSave({ kind: "saving" })).toBe(false);
  });

  it("asks for a drawing first when Save meets an untouched canvas, as a hint rather than an error", () => {
    expect(saveStatusText({ kind: "untouched" })).toBe("Draw something first — there is nothing to save yet");
    expect(saveStatusTone({ kind: "untouched" })).toBe("hint");
  });

  it("tells progress, success, a retry and a failure apart at a glance", () => {
    expect(saveStatusTone({ kind: "idle" })).toBe("none");
    expect(saveStatusTone({ kind: "saving" })).toBe("busy");
    expect(saveStatusTone({ kind: "saved" })).toBe("done");
    expect(saveStatusTone({ kind: "retrying" })).toBe("warning");
    for (const kind of ["failed", "export-failed"] as const) expect(saveStatusTone({ kind })).toBe("error");
    expect(saveStatusTone({ kind: "refused", message: "x" })).toBe("error");
  });

  it("starts every failure with the promise that the download is safe", () => {
    expect(saveStatusText({ kind: "failed" })).toBe("Couldn't save — your download is safe");
    expect(saveStatusText({ kind: "retrying" })).toBe("Couldn't save — your download is safe. Retrying…");
    expect(saveStatusText({ kind: "refused", message: "The image must be 600 x 600 pixels." })).toBe(
      "Couldn't save — your download is safe. The image must be 600 x 600 pixels.",
    );
  });
});
