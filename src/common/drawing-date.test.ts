import { describe, expect, it } from "vitest";
import { cardDay, formatDrawingDate } from "./drawing-date.ts";

const WHEN = new Date("2026-11-27T16:04:23.000Z");

describe("a drawing's date", () => {
  it("reads as the date with a short month and the time to the minute, in the locale and zone asked for", () => {
    expect(formatDrawingDate(WHEN, "en-GB", "UTC")).toBe("27 Nov 2026, 16:04");
    // ICU versions differ in the space before PM (a narrow no-break one or a plain one).
    expect(formatDrawingDate(WHEN, "en-US", "UTC").replace(/\s/g, " ")).toBe("Nov 27, 2026, 4:04 PM");
    expect(formatDrawingDate(WHEN, "de-DE", "Europe/Berlin")).toBe("27.11.2026, 17:04");
    expect(formatDrawingDate(new Date("nonsense"))).toBe("");
  });

  it("names the day alone in a link card's title, with the year only when it is not this one", () => {
    expect(cardDay(WHEN, new Date("2026-12-31T23:00:00Z"))).toBe("27 Nov");
    expect(cardDay(WHEN, new Date("2027-01-02T00:00:00Z"))).toBe("27 Nov 2026");
  });
});
