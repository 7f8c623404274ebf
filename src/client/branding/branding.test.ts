import { describe, expect, it } from "vitest";
import { DEFAULT_BRANDING } from "../../common/config.ts";
import { parseBranding } from "./branding.ts";

describe("parseBranding", () => {
  it("accepts a full branding object as given", () => {
    const branding = { ...DEFAULT_BRANDING, title: "Draw Bob", downloadPrefix: "draw-bob" };
    expect(parseBranding(branding)).toEqual(branding);
  });

  it("fills fields an older server left out from the defaults", () => {
    expect(parseBranding({ title: "Only a title" })).toEqual({ ...DEFAULT_BRANDING, title: "Only a title" });
  });

  it("rejects non-objects and fields of the wrong type, so the caller falls back", () => {
    expect(parseBranding(null)).toBeNull();
    expect(parseBranding("Draw Fred")).toBeNull();
    expect(parseBranding({ title: 42 })).toBeNull();
  });

  it("takes the server's theme as it is, and keeps the default for anything that is not an object", () => {
    expect(parseBranding({ theme: { accent: "#7a2e9c" } })?.theme).toEqual({ accent: "#7a2e9c" });
    expect(parseBranding({ theme: "green" })?.theme).toEqual(DEFAULT_BRANDING.theme);
  });

  it("takes videoTitle as a switch, not a text field, keeping the default for anything else", () => {
    expect(parseBranding({ videoTitle: false })?.videoTitle).toBe(false);
    expect(parseBranding({ videoTitle: "no" })?.videoTitle).toBe(DEFAULT_BRANDING.videoTitle);
  });
});
