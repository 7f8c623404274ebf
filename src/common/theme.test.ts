import { describe, expect, it } from "vitest";
import { contrastRatio, DEFAULT_THEME, themeProblem, themeProperties } from "./theme.ts";

describe("contrastRatio", () => {
  it("gives WCAG's figures for known pairs, in either order and in short form", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#fff", "#000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#123456", "#123456")).toBe(1);
  });
});

describe("themeProblem", () => {
  it("accepts the default theme and a partial one", () => {
    expect(themeProblem(DEFAULT_THEME)).toBeUndefined();
    expect(themeProblem({})).toBeUndefined();
    expect(themeProblem({ accent: "#7a2e9c" })).toBeUndefined();
  });

  it("refuses colours that would make text or rings unreadable", () => {
    expect(themeProblem({ accent: "#88cc88" })).toMatch(/white text on the accent/);
    expect(themeProblem({ accent: "#767676", background: "#d0d0d0" })).toMatch(
      /accent #767676 on the background/,
    );
    expect(themeProblem({ background: "#777777" })).toMatch(/grey text on the background/);
  });
});

it("hands the stylesheet its two custom properties", () => {
  expect(themeProperties(DEFAULT_THEME)).toEqual({ "--accent": "#1f7a3a", "--bg": "#eef5ea" });
});
