/**
 * A moderator's view of a drawing's timelapse: the drawing and its replay (played by the permalink page's
 * script, from the moderators' own addresses, whatever the drawing's status), saying when the replay does not
 * match the stored picture, with Remove timelapse beside it.
 */
import type { AdminPage } from "../../common/admin-pages.ts";
import type { BrandingConfig } from "../../common/config.ts";

/** What the view needs: the branding (mascot, stickers, video's name and title) and the built script. */
export interface AdminTimelapse {
  readonly branding: BrandingConfig;
  /** The permalink page's built script; undefined without a build (the view then says so). */
  readonly script: string | undefined;
}

/** The moderators' timelapse page of drawing `id`. */
export function timelapsePage(
  community: string,
  id: string,
  timelapse: AdminTimelapse | undefined,
): AdminPage {
  const branding = timelapse?.branding;
  const base = `/api/admin/drawings/${id}`;
  return {
    kind: "admin-timelapse",
    community,
    id,
    timelapse: {
      making: `${base}/making`,
      picture: `${base}.png`,
      mascot: branding?.mascotImage ?? "/mascot.png",
      stickers: JSON.stringify((branding?.stickers ?? []).map((sticker) => sticker.image)),
      drawings: "/api/admin/drawings/{id}.png",
      prefix: branding?.downloadPrefix ?? "drawing",
      title: branding === undefined || branding.videoTitle === false ? "" : branding.title,
      post: "",
      moderator: "true",
    },
    script: timelapse?.script,
  };
}
