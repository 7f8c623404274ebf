import type { ReactNode } from "react";
import type { PageBranding } from "../../common/server-pages.ts";
import { themeStyleRule, withDefaults } from "../../common/theme.ts";

/** Where the server pages' stylesheet is served (a file: the CSP refuses inline styles but the theme's one rule). */
export const SERVER_STYLESHEET_PATH = "/d/permalink.css";

/**
 * A public server page's frame (a drawing's page, a name's, a notice): its title, icon, the server pages'
 * stylesheet and the branding's colours as the one inline rule the security headers allow.
 */
export function ServerDocument({
  branding,
  title,
  head,
  children,
}: {
  readonly branding: PageBranding;
  readonly title: string;
  readonly head: ReactNode;
  readonly children: ReactNode;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <link rel="icon" href={branding.faviconImage} />
        <link rel="stylesheet" href={SERVER_STYLESHEET_PATH} />
        <style>{themeStyleRule(withDefaults(branding.theme))}</style>
        {head}
      </head>
      <body>{children}</body>
    </html>
  );
}

/** A moderator's page frame: no icon, no theme, never indexed; the same stylesheet. */
export function AdminDocument({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <link rel="stylesheet" href={SERVER_STYLESHEET_PATH} />
      </head>
      <body className="admin">{children}</body>
    </html>
  );
}

/** The drawing page's own link to start drawing, on every public server page. */
export function DrawYourOwn() {
  return (
    <a className="permalink__cta" href="/">
      Draw your own
    </a>
  );
}
