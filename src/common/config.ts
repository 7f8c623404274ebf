import type { CurrentPrompt } from "./prompts.ts";
import { type BrandingTheme, DEFAULT_THEME } from "./theme.ts";

/** A community's own sticker: what its button is called, and its image (path on this server or https URL). */
export interface BrandingSticker {
  readonly name: string;
  readonly image: string;
}

/**
 * A prompt as the branding file sets it (common/prompt-input.ts reads it): `starts` and `ends` are
 * a date ("2026-11-23": a prompt runs through its end date), a time in `timeZone` ("2026-11-23T18:00") or a time
 * with its offset; `timeZone` is IANA ("Europe/Berlin"), UTC when left out; `id` is made from the title when left out.
 */
export interface BrandingPrompt {
  readonly id?: string;
  readonly title: string;
  readonly hashtag?: string;
  readonly starts: string;
  readonly ends: string;
  readonly timeZone?: string;
}

/**
 * Branding configuration: what an operator changes to rebrand the page without rebuilding.
 * The server reads and validates it at start (src/server/config.ts) and hands it to the page at run time.
 */
export interface BrandingConfig {
  /** Page title and heading. */
  readonly title: string;
  /** The token-like contract address line under the title. */
  readonly contractAddress: string;
  /** The "Profile" link, opened in a new tab. */
  readonly profileUrl: string;
  /** The "Community" link, opened in a new tab. */
  readonly communityUrl: string;
  /** Background image drawn mirrored on the canvas: a path on our origin ("/mascot.png") or an absolute URL. */
  readonly mascotImage: string;
  /** Image drawn on a 32 x 32 canvas and used as the page's icon. */
  readonly faviconImage: string;
  /** Saved files are named `{downloadPrefix}-{milliseconds since epoch}.png`. */
  readonly downloadPrefix: string;
  /**
   * Text of the "Share on X" post. The drawing's link goes where `{url}` stands in it, else after it. Optional so
   * callers that never share still fit; the server fills it from DEFAULT_BRANDING when a config file leaves it out.
   */
  readonly shareText?: string;
  /** The community's `#hashtags` and `$CASHTAGS`, space-separated, put at the end of every post (none by default). */
  readonly hashtags?: string;
  /**
   * The community's own stickers, offered after Fanvas's default set. Each image is a path on this server or
   * an https URL that sends CORS headers (checked at start, like mascotImage).
   */
  readonly stickers?: readonly BrandingSticker[];
  /**
   * The page's accent and background colours (src/common/theme.ts). Optional like shareText: the server fills
   * it, and any colour left out, from DEFAULT_THEME.
   */
  readonly theme?: BrandingTheme;
  /** The community's prompts (themes with dates); more can be set in /admin. None by default. */
  readonly prompts?: readonly BrandingPrompt[];
  /**
   * Whether a drawing's timelapse video carries the title, small in its bottom right corner (the community's
   * name travels with the video). Optional: true when left out.
   */
  readonly videoTitle?: boolean;
}

export const DEFAULT_BRANDING: BrandingConfig = {
  title: "Draw Fred",
  contractAddress: "FRED1111111111111111111111111111111111pump",
  profileUrl: "https://x.com/fanvas",
  communityUrl: "https://x.com/i/communities/1",
  mascotImage: "/mascot.png",
  faviconImage: "/mascot.png",
  downloadPrefix: "draw-fred",
  // No brand name in it, so a rebranded page that never sets shareText still says nothing wrong.
  shareText: "Look what I drew! Draw your own:",
  theme: DEFAULT_THEME,
  videoTitle: true,
};

/**
 * The host (and port) of an image URL in the branding: letters, digits, dots and hyphens, or [IPv6]. Nothing
 * else, since these hosts are written into the page's Content-Security-Policy (https://a;sandbox/x must not).
 */
export const IMAGE_HOST = "([A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*|\\[[0-9A-Fa-f:.]+\\])(:[0-9]{1,5})?";
/** A branding image: a path on this server (never //host, which is another server), or an http(s) URL. */
const IMAGE_ADDRESS = {
  type: "string",
  pattern: `^(/(?!/)|https?://${IMAGE_HOST}([/?#]|$))`,
  description:
    "a path on this server (/mascot.png) or an http(s) URL of a plain host (https://cdn.example/m.png)",
} as const;

/**
 * JSON schema of the config file's text fields; the server validates with it and names the bad field. The
 * `theme` object is checked by themeProblem (src/common/theme.ts), which also weighs its colours' contrast.
 */
export const brandingConfigSchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    title: { type: "string", minLength: 1, maxLength: 120 },
    contractAddress: { type: "string", minLength: 1, maxLength: 200 },
    profileUrl: { type: "string", pattern: "^https?://" },
    communityUrl: { type: "string", pattern: "^https?://" },
    mascotImage: IMAGE_ADDRESS,
    faviconImage: IMAGE_ADDRESS,
    downloadPrefix: { type: "string", pattern: "^[A-Za-z0-9._-]{1,64}$" },
    // X counts 23 characters for the link; 200, and 50 for the tags, leave the post inside its 280.
    shareText: { type: "string", minLength: 1, maxLength: 200 },
    hashtags: {
      type: "string",
      maxLength: 50,
      pattern: "^[#$][^\\s#$]+( [#$][^\\s#$]+)*$",
      description: 'tags that each start with # or $, one space between them ("$FRED #DrawFred")',
    },
  },
} as const;

/** The id of the JSON block the server injects into index.html carrying the BrandingConfig. */
export const CONFIG_ELEMENT_ID = "fanvas-config";

/**
 * The JSON block the server injects into index.html: the branding plus what only the running server knows.
 * `publicBaseUrl` (PUBLIC_BASE_URL, no trailing slash) is absent when unset; the page then uses its own origin.
 */
export interface PageConfig extends BrandingConfig {
  readonly publicBaseUrl?: string;
  /** The prompt running when the page was served (its banner is in the page's HTML); absent between prompts. */
  readonly prompt?: CurrentPrompt;
}
