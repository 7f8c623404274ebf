/**
 * A drawing's link card image: 1200 x 630, the shape X, Facebook, LinkedIn and Discord show a large card in
 * (about 1.91:1), with the whole 600 x 600 drawing in it at its own pixels, so a meme's top and bottom captions
 * are never cropped away. The community's background colour and dots (as on its pages) fill the sides, and its
 * title sits small in the right-hand margin: X lays the site's address over the bottom left corner, and an app
 * that crops the card to a centred square still shows the whole drawing.
 */
import { createHash } from "node:crypto";
import sharp, { type OverlayOptions } from "sharp";
import type { BrandingConfig } from "../../common/config.ts";
import { CANVAS_SIZE } from "../../common/constants.ts";
import { withDefaults } from "../../common/theme.ts";
import { CARD_FONT_FAMILY, cardFontFile } from "./card-font.ts";

/** The card's size: X's and Open Graph's recommended large-card image. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** Where the drawing sits: centred, at its own 600 x 600 pixels. */
export const CARD_DRAWING_LEFT = (CARD_WIDTH - CANVAS_SIZE) / 2;
export const CARD_DRAWING_TOP = (CARD_HEIGHT - CANVAS_SIZE) / 2;

/** What of the branding a card shows. */
export interface CardStyle {
  readonly title: string;
  /** The page background behind the drawing (`#rgb` / `#rrggbb`). */
  readonly background: string;
  /** The dots' colour, as on the community's pages. */
  readonly accent: string;
}

/** The text colour of the title: the pages' ink, which the theme check keeps readable on any background. */
const INK = "#17231b";
/** Bumped when the layout changes, so every stored card is made again in the new one. */
const LAYOUT_VERSION = 1;
const RADIUS = 16;
const MARGIN = 24;
const TITLE_WIDTH = CARD_DRAWING_LEFT - 2 * MARGIN;
const TITLE_MAX_HEIGHT = 180;
const TITLE_POINTS = 30;

/** The card style of a branding. */
export function cardStyleOf(branding: BrandingConfig): CardStyle {
  const theme = withDefaults(branding.theme);
  return { title: branding.title, background: theme.background, accent: theme.accent };
}

/**
 * A short key of the style and layout a card was made in: a stored card made under another title, colour or
 * layout is made again when asked for.
 */
export function cardStyleKey(style: CardStyle): string {
  const text = JSON.stringify([LAYOUT_VERSION, style.title, style.background, style.accent]);
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

/** The card image (PNG) of a stored drawing PNG; throws when sharp cannot decode the drawing. */
export async function makeCard(png: Buffer, style: CardStyle): Promise<Buffer> {
  const drawing = await sharp(png, { failOn: "error", limitInputPixels: CANVAS_SIZE * CANVAS_SIZE })
    .resize(CANVAS_SIZE, CANVAS_SIZE, { fit: "contain", background: "#ffffff" })
    .flatten({ background: "#ffffff" })
    .composite([{ input: Buffer.from(roundedMask()), blend: "dest-in" }])
    .png()
    .toBuffer();
  const title = await titleImage(style.title);
  const layers: OverlayOptions[] = [{ input: drawing, left: CARD_DRAWING_LEFT, top: CARD_DRAWING_TOP }];
  if (title !== undefined) {
    layers.push({
      input: title.data,
      left: CARD_DRAWING_LEFT + CANVAS_SIZE + MARGIN,
      top: CARD_DRAWING_TOP + CANVAS_SIZE - title.height - 6,
    });
  }
  return (
    sharp(Buffer.from(backdrop(style)))
      .composite(layers)
      // Full colour, lossless: the drawing at its own pixels, as the visitor made it (about 50-250 KB).
      .png({ compressionLevel: 9 })
      .toBuffer()
  );
}

/** The background, its dots, and a soft shadow and hairline around where the drawing goes. */
function backdrop(style: CardStyle): string {
  const x = CARD_DRAWING_LEFT;
  const y = CARD_DRAWING_TOP;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">
<defs>
<pattern id="dots" width="22" height="22" patternUnits="userSpaceOnUse"><circle cx="11" cy="11" r="1.4" fill="${style.accent}" fill-opacity="0.16"/></pattern>
<filter id="shadow" x="-10%" y="-10%" width="120%" height="130%"><feGaussianBlur stdDeviation="10"/></filter>
</defs>
<rect width="100%" height="100%" fill="${style.background}"/>
<rect width="100%" height="100%" fill="url(#dots)"/>
<rect x="${x}" y="${y + 8}" width="${CANVAS_SIZE}" height="${CANVAS_SIZE}" rx="${RADIUS}" fill="#17231b" fill-opacity="0.16" filter="url(#shadow)"/>
<rect x="${x - 1}" y="${y - 1}" width="${CANVAS_SIZE + 2}" height="${CANVAS_SIZE + 2}" rx="${RADIUS + 1}" fill="#17231b" fill-opacity="0.13"/>
</svg>`;
}

/** The drawing's corners rounded as the pages round it. */
function roundedMask(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CANVAS_SIZE}" height="${CANVAS_SIZE}"><rect width="${CANVAS_SIZE}" height="${CANVAS_SIZE}" rx="${RADIUS}" fill="#000"/></svg>`;
}

/**
 * The title, wrapped to the margin's width in the display face; a title too long for the margin is shrunk to
 * fit it. Undefined when the text renderer cannot draw it at all (the card is still worth having).
 */
async function titleImage(title: string): Promise<{ data: Buffer; height: number } | undefined> {
  const fontfile = await cardFontFile();
  const text = `<span foreground="${INK}">${escapeMarkup(title)}</span>`;
  const font = `${CARD_FONT_FAMILY}, sans-serif`;
  const render = (options: { dpi?: number; height?: number }) =>
    sharp({
      text: {
        text,
        font: options.height === undefined ? `${font} ${TITLE_POINTS}` : font,
        ...(fontfile === undefined ? {} : { fontfile }),
        width: TITLE_WIDTH,
        ...options,
        wrap: "word-char",
        rgba: true,
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
  try {
    let image = await render({ dpi: 72 });
    if (image.info.height > TITLE_MAX_HEIGHT) image = await render({ height: TITLE_MAX_HEIGHT });
    return { data: image.data, height: image.info.height };
  } catch {
    return undefined;
  }
}

/** Escapes text for Pango markup. */
function escapeMarkup(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
