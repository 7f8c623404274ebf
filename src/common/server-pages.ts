/**
 * The server's HTML pages as data: what the server hands the page's server-rendering bundle
 * (src/client/server-render.tsx), which renders each with React. The server never writes HTML itself, so no
 * value reaches a page unescaped. No DOM, no Node.
 */
import type { AdminPage } from "./admin-pages.ts";
import type { GalleryItem } from "./api.ts";
import type { ReactionCounts } from "./reactions.ts";
import type { BrandingTheme } from "./theme.ts";
import type { TimelapseElementData } from "./timelapse-element.ts";

/** What a server page takes of the branding: its name, its tab icon and its colours. */
export interface PageBranding {
  readonly title: string;
  readonly faviconImage: string;
  readonly theme?: BrandingTheme | undefined;
}

/** A link card's meta tags, as [attribute, key, value] (`name` or `property`, its key, the plain value). */
export type MetaTag = readonly [attribute: "name" | "property", key: string, value: string];

/** A drawing's claims as its page shows them. */
export interface DrawingClaimsShown {
  /** The name it shows; null for none. */
  readonly credit: string | null;
  /** The prompt it was entered in, with its title; undefined for none. */
  readonly prompt?: { readonly id: string; readonly title: string } | undefined;
  /** Its place among that prompt's top three, once it ended. */
  readonly place: number | null;
}

/** What a drawing's page shows of its life on the wall. */
export interface PermalinkSocial {
  readonly id: string;
  readonly reactions: ReactionCounts;
  readonly reactionsVersion: number;
  /** The drawing it remixes, while that one is on the wall. */
  readonly remixOf: string | null;
  /** Its remixes on the wall, newest first, and how many there are in all. */
  readonly remixes: readonly GalleryItem[];
  readonly remixCount: number;
}

/** What the share actions need of the drawing. */
export interface PermalinkShare {
  readonly id: string;
  /** This page's absolute address. */
  readonly permalink: string;
  /** The post's whole text (share-text.ts), link and tags included. */
  readonly postText: string;
  /** The PNG's path on this server. */
  readonly imagePath: string;
  /** `{downloadPrefix}-{milliseconds}.png`, as the drawing page names a download. */
  readonly fileName: string;
}

/** A drawing's permalink page. */
export interface PermalinkPageData {
  readonly branding: PageBranding;
  /** What the tab and the link card call the drawing. */
  readonly name: string;
  readonly metaTags: readonly MetaTag[];
  /** Absolute URL of this page, for the canonical link. */
  readonly pageUrl: string;
  /** Path of the PNG on this server, for the page's own img. */
  readonly imagePath: string;
  readonly imageAlt: string;
  /** ISO 8601 time the drawing was stored. */
  readonly createdAt: string;
  readonly social: PermalinkSocial;
  readonly share: PermalinkShare;
  readonly claims: DrawingClaimsShown;
  /** The timelapse element's data, when the drawing has a making. */
  readonly timelapse?: TimelapseElementData | undefined;
  /** The page's built script; undefined without one (its links still work). */
  readonly script?: string | undefined;
}

/** A page that only says something (a drawing not found, a dead link, a failure), kept out of search results. */
export interface NoticePageData {
  readonly branding: PageBranding;
  readonly heading: string;
  readonly text: string;
}

/** A name's page: the drawings signed with it, newest first, in pages. */
export interface NamePageData {
  readonly branding: PageBranding;
  readonly name: string;
  /** The X handle of a name that is one, without its "@". */
  readonly handle?: string | undefined;
  readonly items: readonly GalleryItem[];
  /** The next (older) page's cursor; null on the last page. */
  readonly nextCursor: string | null;
  /** True on a page after the first (it links back to the newest). */
  readonly paged: boolean;
}

/** Every server page, by kind. */
export type ServerPage =
  | { readonly kind: "permalink"; readonly data: PermalinkPageData }
  | { readonly kind: "notice"; readonly data: NoticePageData }
  | { readonly kind: "name"; readonly data: NamePageData }
  | AdminPage;
