/** Where the page gets its branding at run time, so an operator rebrands without rebuilding. */
import {
  type BrandingConfig,
  CONFIG_ELEMENT_ID,
  DEFAULT_BRANDING,
  type PageConfig,
} from "../../common/config.ts";

/** The branding's text fields (everything but the theme and the video switch). */
function textKeys(): string[] {
  return Object.keys(DEFAULT_BRANDING).filter((key) => key !== "theme" && key !== "videoTitle");
}

/**
 * Accepts a parsed value as branding when every text field is a string. Missing fields take the default, so a
 * partial config from an older server still renders; the server has already validated the real thing. The
 * theme is taken as it is: the served HTML applies it, and only vite dev reads it (with defaults filled in).
 */
export function parseBranding(value: unknown): BrandingConfig | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...DEFAULT_BRANDING };
  for (const key of textKeys()) {
    const field = record[key];
    if (field === undefined) continue;
    if (typeof field !== "string") return null;
    merged[key] = field;
  }
  if (typeof record.theme === "object" && record.theme !== null) merged.theme = record.theme;
  if (typeof record.videoTitle === "boolean") merged.videoTitle = record.videoTitle;
  return merged as unknown as BrandingConfig;
}

/**
 * Reads the JSON block the server injects into index.html; null when absent (vite dev) or unreadable. Our
 * server wrote it from a branding file it checked at start, so it is only filled in from the defaults (an older
 * server may lack a field), not checked again in the page's first bundle.
 */
export function readInjectedBranding(): PageConfig | null {
  const element = document.getElementById(CONFIG_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const injected: unknown = JSON.parse(element.textContent);
    return typeof injected === "object" && injected !== null ? { ...DEFAULT_BRANDING, ...injected } : null;
  } catch {
    return null;
  }
}

/** Asks the server for its branding; used when the HTML was not served by our server (vite dev). */
async function fetchBranding(): Promise<BrandingConfig | null> {
  try {
    const response = await fetch("/api/config", { headers: { Accept: "application/json" } });
    return response.ok ? parseBranding(await response.json()) : null;
  } catch {
    return null;
  }
}

/**
 * The branding to show: injected, else (vite dev, whose HTML our server did not serve) fetched, else the
 * built-in defaults. Never rejects. A production page always carries the block, so the fetch is left out of it.
 */
export async function loadBranding(): Promise<PageConfig> {
  return readInjectedBranding() ?? (import.meta.env.DEV ? await fetchBranding() : null) ?? DEFAULT_BRANDING;
}
