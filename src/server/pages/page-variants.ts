import type { PageConfig } from "../../common/config.ts";
import type { CurrentPrompt } from "../../common/prompts.ts";
import { withConfig } from "./index-html.ts";
import { fillRoot } from "./server-render.ts";

/** Variants kept: the prompt running now and the one before or after it, with room for an edit or two. */
const KEPT = 4;

/**
 * The drawing page for the prompt running (or none): the built HTML with the config block saying which, and
 * #root rendered for it, so the banner is in the first paint. Each variant is made once, when first asked for,
 * and kept; a prompt changes a few times a week. `finish` puts in what does not change with the prompt (the
 * head, once its origin is fixed).
 */
export function pageVariants(
  built: string,
  config: PageConfig,
  renderRoot: (config: PageConfig) => string,
  finish: (html: string) => string,
): (prompt: CurrentPrompt | undefined) => string {
  const variants = new Map<string, string>();
  return (prompt) => {
    const key = JSON.stringify(prompt ?? null);
    const kept = variants.get(key);
    if (kept !== undefined) return kept;
    const pageConfig: PageConfig = prompt === undefined ? config : { ...config, prompt };
    const configured = prompt === undefined ? built : withConfig(built, pageConfig);
    const html = finish(fillRoot(configured, renderRoot(pageConfig)));
    if (variants.size >= KEPT) variants.clear();
    variants.set(key, html);
    return html;
  };
}
