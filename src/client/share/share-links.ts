/** The addresses a shared drawing travels under. */
import { absoluteUrl, permalinkPath } from "../../common/permalink.ts";

/** The drawing's permalink as a full URL on the public base (PUBLIC_BASE_URL, else this page's origin). */
export function absolutePermalink(id: string, publicBase: string): string {
  return absoluteUrl(publicBase, permalinkPath(id));
}
