/** What sharing needs from the config block the server put in the page. */
import { CONFIG_ELEMENT_ID, DEFAULT_BRANDING } from "../../common/config.ts";
import type { SharePost } from "../../common/share-text.ts";

/** The public address and what a post says, with fallbacks for a page our server did not serve (vite dev). */
export interface ShareConfig extends SharePost {
  /** PUBLIC_BASE_URL when the server knows it, else this page's origin; no trailing slash. */
  readonly publicBase: string;
}

/** Reads the injected block once per call; cheap (one small JSON parse, on a click's render). */
export function readShareConfig(): ShareConfig {
  const fallback = { publicBase: location.origin, shareText: DEFAULT_BRANDING.shareText ?? "" };
  const text = document.getElementById(CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return fallback;
  try {
    const config = JSON.parse(text) as { publicBaseUrl?: unknown; shareText?: unknown; hashtags?: unknown };
    return {
      publicBase:
        typeof config.publicBaseUrl === "string" && /^https?:\/\//.test(config.publicBaseUrl)
          ? config.publicBaseUrl.replace(/\/+$/, "")
          : fallback.publicBase,
      shareText: typeof config.shareText === "string" ? config.shareText : fallback.shareText,
      hashtags: typeof config.hashtags === "string" ? config.hashtags : undefined,
    };
  } catch {
    return fallback;
  }
}
