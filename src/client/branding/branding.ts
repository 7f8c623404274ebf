/** Where the page gets its branding at run time, so an operator rebrands without rebuilding. */
import { type BrandingConfig, CONFIG_ELEMENT_ID, DEFAULT_BRANDING } from "../../common/config.ts";

const BRANDING_KEYS = Object.keys(DEFAULT_BRANDING) as (keyof BrandingConfig)[];

/**
 * Accepts a parsed value as branding when every field is a string. Missing fields take the default, so a
 * partial config from an older server still renders; the server has already validated the real thing.
 */
export function parseBranding(value: unknown): BrandingConfig | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...DEFAULT_BRANDING };
  for (const key of BRANDING_KEYS) {
    const field = record[key];
    if (field === undefined) continue;
    if (typeof field !== "string") return null;
    merged[key] = field;
  }
  return merged as unknown as BrandingConfig;
}

/** Reads the JSON block the server injects into index.html; null when absent (vite dev) or unreadable. */
function readInjectedBranding(): BrandingConfig | null {
  const element = document.getElementById(CONFIG_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return parseBranding(JSON.parse(element.textContent));
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

/** The branding to show: injected, else fetched, else the built-in defaults. Never rejects. */
export async function loadBranding(): Promise<BrandingConfig> {
  return readInjectedBranding() ?? (await fetchBranding()) ?? DEFAULT_BRANDING;
}
