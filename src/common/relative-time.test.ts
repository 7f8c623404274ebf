import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time.ts";

const NOW = new Date("2026-11-21T12:00:00Z");
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);

describe("relativeTime", () => {
  it("says just now under a minute, and for a time a skewed clock puts in the future", () => {
    expect(relativeTime(ago(0), NOW, "en")).toBe("just now");
    expect(relativeTime(ago(59), NOW, "en")).toBe("just now");
    expect(relativeTime(ago(-30), NOW, "en")).toBe("just now");
  });

  it("uses the largest whole unit", () => {
    expect(relativeTime(ago(60), NOW, "en")).toBe("1 minute ago");
    expect(relativeTime(ago(5 * 60 + 30), NOW, "en")).toBe("5 minutes ago");
    expect(relativeTime(ago(2 * 3600), NOW, "en")).toBe("2 hours ago");
    expect(relativeTime(ago(24 * 3600), NOW, "en")).toBe("yesterday");
    expect(relativeTime(ago(15 * 24 * 3600), NOW, "en")).toBe("2 weeks ago");
    expect(relativeTime(ago(400 * 24 * 3600), NOW, "en")).toBe("last year");
  });

  it("says nothing misleading for an unreadable date", () => {
    expect(relativeTime(new Date("not a date"), NOW, "en")).toBe("");
  });
});
