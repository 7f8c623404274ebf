/**
 * The page's colours that come from the branding file (`theme: { accent, background }`), checked at start so
 * a community's own colours can never make the page unreadable. No DOM, no Node.
 */

/** The branding's colours: `#rgb` or `#rrggbb`. */
export interface BrandingTheme {
  /** The primary action's fill, the ring on the current colour, size and tool, links and focus details. */
  readonly accent: string;
  /** The page behind the canvas and the tool panel. */
  readonly background: string;
}

/** Colours that suit the default mascot (a green frog): a leafy green on a pale mint page. */
export const DEFAULT_THEME: BrandingTheme = { accent: "#1f7a3a", background: "#eef5ea" };

/** Text drawn on the accent (the Save button's label). */
export const ACCENT_INK = "#ffffff";
/** The quietest text the page draws on its background (hints, ages); the theme must keep it readable. */
export const MUTED_INK = "#4a5a50";

const HEX_COLOUR_PATTERN = "^#(?:[0-9a-f]{3}|[0-9a-f]{6})$";
const HEX_COLOUR = /* @__PURE__ */ new RegExp(HEX_COLOUR_PATTERN, "i");

/** JSON schema of a theme as the server hands it out (GET /api/config); themeProblem checks what it reads. */
export const brandingThemeSchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    accent: { type: "string", pattern: HEX_COLOUR_PATTERN },
    background: { type: "string", pattern: HEX_COLOUR_PATTERN },
  },
} as const;

/** WCAG's minimum contrast for text (AA) and for rings and outlines that show state. */
const TEXT_CONTRAST = 4.5;
const OUTLINE_CONTRAST = 3;

/** The relative luminance of a `#rgb` / `#rrggbb` colour (WCAG 2.x). */
function luminance(hex: string): number {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join("") : hex.slice(1);
  const channel = (offset: number): number => {
    const value = Number.parseInt(digits.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** The WCAG contrast ratio of two `#rgb` / `#rrggbb` colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * What is wrong with a branding file's `theme` value, as a sentence an operator can act on; undefined when it
 * is fine. Either colour may be left out (the default fills it), but the pair must keep WCAG AA contrast: the
 * accent carries white text and shows rings on the background, and the background carries the page's text.
 */
export function themeProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return 'must be an object like { "accent": "#1f7a3a", "background": "#eef5ea" }';
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (key !== "accent" && key !== "background")
      return `has an unknown field "${key}"; only "accent" and "background" are read`;
    const colour = record[key];
    if (typeof colour !== "string" || !HEX_COLOUR.test(colour))
      return `${key} must be a colour like "#1f7a3a" or "#fff" (got ${JSON.stringify(colour)})`;
  }
  const { accent, background } = withDefaults(record as Partial<BrandingTheme>);
  const checks: readonly [number, number, string][] = [
    [
      contrastRatio(MUTED_INK, background),
      TEXT_CONTRAST,
      `the page's grey text on the background ${background}`,
    ],
    [contrastRatio(accent, ACCENT_INK), TEXT_CONTRAST, `white text on the accent ${accent}`],
    [contrastRatio(accent, background), OUTLINE_CONTRAST, `the accent ${accent} on the background`],
  ];
  for (const [ratio, needed, what] of checks) {
    if (ratio < needed)
      return `gives ${what} a contrast of ${ratio.toFixed(2)}:1, under WCAG AA's ${needed}:1; pick a darker accent or a lighter background`;
  }
  return undefined;
}

/** A theme with the default filling any colour left out. */
export function withDefaults(theme: Partial<BrandingTheme> | undefined): BrandingTheme {
  return { ...DEFAULT_THEME, ...theme };
}

/** The CSS custom properties the page's stylesheet reads, for the root element. */
export function themeProperties(theme: BrandingTheme): Readonly<Record<string, string>> {
  return { "--accent": theme.accent, "--bg": theme.background };
}

/**
 * The theme as the one CSS rule the served page carries in its head (`html:root { --accent: …; --bg: … }`), so
 * the colours paint with the first byte of HTML. Only validated hex colours reach it, so it is safe to inline;
 * the server allows exactly this text in its Content Security Policy by its hash.
 */
export function themeStyleRule(theme: BrandingTheme): string {
  const declarations = Object.entries(themeProperties(theme)).map(([name, value]) => `${name}:${value}`);
  // html:root outranks the stylesheet's :root defaults wherever either sits in the head.
  return `html:root{${declarations.join(";")}}`;
}
