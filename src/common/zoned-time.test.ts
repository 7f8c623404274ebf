import { describe, expect, it } from "vitest";
import { dayInZone, instantOf, isTimeZone } from "./zoned-time.ts";

const iso = (instant: number | undefined) =>
  instant === undefined ? undefined : new Date(instant).toISOString();

describe("a prompt's dates in the operator's words", () => {
  it("reads a day as its start, or for an end the start of the next day, in the time zone", () => {
    expect(iso(instantOf("2026-11-23", "UTC", "start"))).toBe("2026-11-23T00:00:00.000Z");
    expect(iso(instantOf("2026-11-29", "UTC", "end"))).toBe("2026-11-30T00:00:00.000Z");
    expect(iso(instantOf("2026-11-23", "America/New_York", "start"))).toBe("2026-11-23T05:00:00.000Z");
    expect(iso(instantOf("2026-11-23", "Asia/Tokyo", "start"))).toBe("2026-11-22T15:00:00.000Z");
    // Summer time: New York is 4 hours behind in July.
    expect(iso(instantOf("2026-07-01", "America/New_York", "start"))).toBe("2026-07-01T04:00:00.000Z");
    // The month's last day ends at the next month's first.
    expect(iso(instantOf("2026-11-30", "Europe/Berlin", "end"))).toBe("2026-11-30T23:00:00.000Z");
  });

  it("reads a wall time in the zone, and a time with an offset as written", () => {
    expect(iso(instantOf("2026-11-23T18:30", "Europe/Berlin", "start"))).toBe("2026-11-23T17:30:00.000Z");
    expect(iso(instantOf("2026-11-23T09:00:00+09:00", "UTC", "start"))).toBe("2026-11-23T00:00:00.000Z");
    expect(iso(instantOf("2026-11-23T09:00:00Z", "Asia/Tokyo", "end"))).toBe("2026-11-23T09:00:00.000Z");
  });

  it("refuses days and times that do not exist, and other forms", () => {
    for (const text of ["2026-02-30", "2026-13-01", "2026-11-23T24:00", "next monday", "23/11/2026", ""]) {
      expect(instantOf(text, "UTC", "start"), text).toBeUndefined();
    }
    expect(instantOf("2026-02-30T10:00:00Z", "UTC", "start")).toBeUndefined();
  });

  it("knows the zones and says a day as a banner does", () => {
    expect(isTimeZone("Europe/London")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(dayInZone(Date.parse("2026-11-30T23:30:00Z"), "UTC")).toBe("30 Nov");
    expect(dayInZone(Date.parse("2026-11-30T23:30:00Z"), "Asia/Tokyo")).toBe("1 Dec");
  });
});
