/** The pages that only say something: a drawing or a name not found, a dead link, a failure to answer. */
import type { NoticePageData, PageBranding, ServerPage } from "../../common/server-pages.ts";

/** A notice page of `branding` with its heading and its one sentence. */
export function noticePage(branding: PageBranding, heading: string, text: string): ServerPage {
  const data: NoticePageData = {
    branding: { title: branding.title, faviconImage: branding.faviconImage, theme: branding.theme },
    heading,
    text,
  };
  return { kind: "notice", data };
}

/** The page for an id that is unknown, or for a drawing the public may not see (indistinguishable on purpose). */
export function drawingNotFound(branding: PageBranding): ServerPage {
  const text = `This drawing does not exist or is no longer shown on ${branding.title}.`;
  return noticePage(branding, "Drawing not found", text);
}

/** The page for a server page the server failed to answer (its store is down): try again later. */
export function pageFailed(branding: PageBranding): ServerPage {
  return noticePage(
    branding,
    "Something went wrong",
    "This drawing could not be shown just now; try again in a moment.",
  );
}
