/** What a drawing's permalink page shows and tells link previews, as data for the page's renderer. */
import type { BrandingConfig } from "../../common/config.ts";
import { cardDay } from "../../common/drawing-date.ts";
import { drawingImagePath, drawingMakingPath } from "../../common/permalink.ts";
import type {
  DrawingClaimsShown,
  PermalinkPageData,
  PermalinkShare,
  PermalinkSocial,
} from "../../common/server-pages.ts";
import type { TimelapseElementData } from "../../common/timelapse-element.ts";
import { CARD_HEIGHT, CARD_WIDTH } from "../png/card.ts";
import { socialCardTags } from "./page-head.ts";

/**
 * "A drawing on Draw Fred, 27 Nov", or "A drawing by @fred on Draw Fred, 27 Nov" when it is signed: what a link
 * card and the browser's tab call the drawing.
 */
export function drawingTitle(
  communityTitle: string,
  createdAt: string,
  now: Date = new Date(),
  credit: string | null = null,
): string {
  const day = cardDay(new Date(createdAt), now);
  const by = credit === null ? "" : ` by ${credit}`;
  return day === "" ? `A drawing${by} on ${communityTitle}` : `A drawing${by} on ${communityTitle}, ${day}`;
}

/** What the permalink route knows of the drawing. */
export interface PermalinkFacts {
  readonly branding: BrandingConfig;
  readonly createdAt: string;
  /** Absolute URL of the link card image (1200 x 630), for og:image and twitter:image (crawlers need the host). */
  readonly cardUrl: string;
  readonly social: PermalinkSocial;
  readonly share: PermalinkShare;
  readonly claims: DrawingClaimsShown;
  /** Whether it has a making to replay. */
  readonly making: boolean;
  /** The page's built script; undefined without one. */
  readonly script: string | undefined;
}

/** The permalink page of a drawing: its name, its link card and everything it shows. */
export function permalinkPageData(facts: PermalinkFacts): PermalinkPageData {
  const { branding, claims, share } = facts;
  const name = drawingTitle(branding.title, facts.createdAt, new Date(), claims.credit);
  const artist = claims.credit === null ? "a fan" : `${claims.credit}, a fan`;
  const entry = claims.prompt === undefined ? "" : ` for "${claims.prompt.title}"`;
  const imageAlt = `A drawing shared on ${branding.title}`;
  const metaTags = socialCardTags({
    type: "article",
    siteName: branding.title,
    title: name,
    description: `A drawing${entry} by ${artist} of ${branding.title}. Draw your own!`,
    url: share.permalink,
    image: facts.cardUrl,
    imageAlt,
    card: "summary_large_image",
    imageSize: { type: "image/png", width: CARD_WIDTH, height: CARD_HEIGHT },
  });
  return {
    branding: { title: branding.title, faviconImage: branding.faviconImage, theme: branding.theme },
    name,
    metaTags,
    pageUrl: share.permalink,
    imagePath: share.imagePath,
    imageAlt,
    createdAt: facts.createdAt,
    social: facts.social,
    share,
    claims,
    timelapse: facts.making ? timelapseData(branding, share) : undefined,
    script: facts.script,
  };
}

/** The timelapse element of a drawing that has a making: the script replays it and offers it when it matches. */
function timelapseData(branding: BrandingConfig, share: PermalinkShare): TimelapseElementData {
  return {
    making: drawingMakingPath(share.id),
    picture: drawingImagePath(share.id),
    mascot: branding.mascotImage,
    stickers: JSON.stringify((branding.stickers ?? []).map((sticker) => sticker.image)),
    drawings: "/api/drawings/{id}.png",
    prefix: branding.downloadPrefix,
    title: branding.videoTitle === false ? "" : branding.title,
    post: share.postText,
    moderator: "false",
  };
}
