/** The permalink page's timelapse: a button the script shows once the drawing's making replays to its picture. */
import type { BrandingConfig } from "../../common/config.ts";
import { drawingImagePath, drawingMakingPath } from "../../common/permalink.ts";
import { TIMELAPSE_ATTRIBUTE, timelapseAttributes } from "../../common/timelapse-element.ts";
import { escapeHtml } from "./index-html.ts";
import { icon } from "./permalink-share-html.ts";

/** What the element needs: the drawing, its branding, and the post its video is shared with. */
export interface TimelapseOffer {
  readonly id: string;
  readonly branding: BrandingConfig;
  readonly postText: string;
}

/**
 * The hidden Play timelapse button of a drawing that has a making: the script (src/client/permalink) replays it,
 * compares its end with the PNG and shows the button only when they match, so no page offers a broken control.
 */
export function timelapseHtml(offer: TimelapseOffer): string {
  const { id, branding } = offer;
  const attributes = timelapseAttributes(
    {
      making: drawingMakingPath(id),
      picture: drawingImagePath(id),
      mascot: branding.mascotImage,
      stickers: JSON.stringify((branding.stickers ?? []).map((sticker) => sticker.image)),
      drawings: "/api/drawings/{id}.png",
      prefix: branding.downloadPrefix,
      title: branding.videoTitle === false ? "" : branding.title,
      post: offer.postText,
      moderator: "false",
    },
    escapeHtml,
  );
  return `        <div class="permalink__timelapse" ${TIMELAPSE_ATTRIBUTE}${attributes} hidden>
          <button type="button" class="permalink__action" data-action="timelapse">${icon("play")}<span>Play timelapse</span></button>
        </div>`;
}
