/**
 * A moderator's view of a drawing's timelapse: the drawing and its replay (played by the permalink page's
 * script, from the moderators' own addresses, whatever the drawing's status), saying when the replay does not
 * match the stored picture, with Remove timelapse beside it.
 */
import type { BrandingConfig } from "../../common/config.ts";
import { TIMELAPSE_ATTRIBUTE, timelapseAttributes } from "../../common/timelapse-element.ts";
import { escapeHtml } from "../pages/index-html.ts";
import { adminHeading, page } from "./admin-page-html.ts";
import { REMOVE_TIMELAPSE } from "./admin-timelapse-html.ts";

/** What the view needs: the branding (mascot, stickers, video's name and title) and the built script. */
export interface AdminTimelapse {
  readonly branding: BrandingConfig;
  /** The permalink page's built script; undefined without a build (the view then says so). */
  readonly script: string | undefined;
}

/** The moderators' timelapse page of drawing `id`. */
export function timelapsePage(community: string, id: string, timelapse: AdminTimelapse | undefined): string {
  const safeId = escapeHtml(id);
  const image = `/api/admin/drawings/${safeId}.png`;
  const branding = timelapse?.branding;
  const attributes = timelapseAttributes(
    {
      making: `/api/admin/drawings/${id}/making`,
      picture: `/api/admin/drawings/${id}.png`,
      mascot: branding?.mascotImage ?? "/mascot.png",
      stickers: JSON.stringify((branding?.stickers ?? []).map((sticker) => sticker.image)),
      drawings: "/api/admin/drawings/{id}.png",
      prefix: branding?.downloadPrefix ?? "drawing",
      title: branding === undefined || branding.videoTitle === false ? "" : branding.title,
      post: "",
      moderator: "true",
    },
    escapeHtml,
  );
  const script =
    timelapse?.script === undefined
      ? `<p role="alert">This server has no built page script, so the timelapse cannot play here (run npm run build).</p>`
      : `<script type="module" src="${escapeHtml(timelapse.script)}"></script>`;
  return page(
    `${community} admin: timelapse of ${id}`,
    `<main class="admin-timelapse">
${adminHeading(community)}
<p><a href="/admin">Back to the list</a></p>
<h2>Timelapse of drawing ${safeId}</h2>
<img class="permalink__image" src="${image}" width="600" height="600" alt="Drawing ${safeId}">
<div class="permalink__timelapse" ${TIMELAPSE_ATTRIBUTE}${attributes} hidden>
<p data-timelapse-notice role="status"></p>
<button type="button" class="admin__action" data-action="timelapse">Play timelapse</button>
</div>
<form method="post" action="/admin/drawings/${safeId}/${REMOVE_TIMELAPSE}">
<input type="hidden" name="filter" value="newest">
<button type="submit" class="admin__action admin__action--danger">Remove this timelapse for good</button></form>
${script}
</main>`,
  );
}
