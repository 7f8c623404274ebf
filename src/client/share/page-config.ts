/** What sharing needs from the config block the server put in the page. */
import { CONFIG_ELEMENT_ID, DEFAULT_BRANDING } from "../../common/config.ts";

/** The public address and the share text, with fallbacks for a page our server did not serve (vite dev). */
export interface ShareConfig {
  /** PUBLIC_BASE_URL when the server knows it, else this page's origin; no trailing slash. */
  readonly publicBase: string;
  readonly shareText: string;
}

/** Reads the injected block once per call; cheap (one small JSON parse, on a click's render). */
export function readShareConfig(): ShareConfig {
  const fallback = { publicBase: location.origin, shareText: DEFAULT_BRANDING.shareText ?? "" };
  const text = document.getElementById(CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return fallback;
  try {
    const config = JSON.parse(text) as { publicBaseUrl?: unknown; shareText?: unknown };
    return {
      publicBase:
        typeof config.publicBaseUrl === "string" && /^https?:\/\//.test(config.publicBaseUrl)
          ? config.publicBaseUrl.replace(/\/+$/, "")
          : fallback.publicBase,
      shareText: typeof config.shareText === "string" ? config.shareText : fallback.shareText,
    };
  } catch {
    return fallback;
  }
}
