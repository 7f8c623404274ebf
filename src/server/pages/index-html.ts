import { type BrandingConfig, CONFIG_ELEMENT_ID, type PageConfig } from "../../common/config.ts";
import { themeStyleRule, withDefaults } from "../../common/theme.ts";

/** The comment in the built index.html's head that the branding block replaces. */
const CONFIG_PLACEHOLDER = "<!--fanvas-config-->";
/** Where the page's title and link card tags go, rendered by React (server-render.ts) once the origin is known. */
export const HEAD_SLOT = "<!--fanvas-head-->";

/**
 * Puts the branding into the built page at run time, so an operator rebrands without rebuilding: a JSON block
 * the page reads at start and the theme's colours as one inline rule. The built title makes way for HEAD_SLOT:
 * the branding's title and link card tags, which React renders (withHead).
 */
export function injectBranding(html: string, branding: BrandingConfig): string {
  if (!html.includes(CONFIG_PLACEHOLDER)) {
    throw new Error(
      `The built index.html lacks ${CONFIG_PLACEHOLDER} in its head; rebuild it with npm run build.`,
    );
  }
  const style = `<style>${themeStyleRule(withDefaults(branding.theme))}</style>`;
  const block = `${style}<script id="${CONFIG_ELEMENT_ID}" type="application/json">${jsonForScript(branding)}</script>`;
  // Replacer functions, not strings: a "$&" in a config value must stay literal text.
  return html.replace(CONFIG_PLACEHOLDER, () => block).replace(/<title>[^<]*<\/title>/, () => HEAD_SLOT);
}

/** The page with its head's title and tags (HTML React rendered) in HEAD_SLOT. */
export function withHead(html: string, head: string): string {
  return html.replace(HEAD_SLOT, () => head);
}

/** The page with its config block holding `config` instead (injectBranding put one in it). */
export function withConfig(html: string, config: PageConfig): string {
  const block = new RegExp(`(<script id="${CONFIG_ELEMENT_ID}" type="application/json">)[^<]*(</script>)`);
  return html.replace(
    block,
    (_whole, open: string, close: string) => `${open}${jsonForScript(config)}${close}`,
  );
}

/** JSON that cannot end its script element early: "<" (as in "</script>") becomes \u003c. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}
