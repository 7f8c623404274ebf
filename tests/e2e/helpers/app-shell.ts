import type { Page, Route } from "@playwright/test";

interface RecordedResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

/** Headers that describe the transfer, not the content; the recorded body is already decoded. */
const TRANSFER_HEADERS = new Set([
  "content-encoding",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
]);

/** The page's own files (HTML with its injected branding, scripts, styles, images) as the real server sent them. */
export interface AppShell {
  /**
   * From now on answers the recorded files from memory, so the page reloads while its server is stopped.
   * API calls are never answered: they meet the stopped server for real. Returns the function that ends it.
   */
  serveWhileServerIsDown(): Promise<() => Promise<void>>;
}

/** Starts recording every GET of `origin` outside /api/ that answers 200; call before the page first loads. */
export function recordAppShell(page: Page, origin: string): AppShell {
  const recorded = new Map<string, Promise<RecordedResponse | null>>();
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.origin !== origin || url.pathname.startsWith("/api/") || response.request().method() !== "GET")
      return;
    if (response.status() !== 200) return;
    recorded.set(
      url.href,
      Promise.all([response.body(), response.allHeaders()])
        .then(([body, headers]) => ({
          status: response.status(),
          headers: Object.fromEntries(
            Object.entries(headers).filter(([name]) => !TRANSFER_HEADERS.has(name)),
          ),
          body,
        }))
        .catch(() => null),
    );
  });
  return {
    async serveWhileServerIsDown() {
      const matches = (url: URL): boolean => recorded.has(url.href);
      const handler = async (route: Route): Promise<void> => {
        const response = await recorded.get(route.request().url());
        if (response) await route.fulfill(response);
        else await route.abort("connectionrefused");
      };
      await page.route(matches, handler);
      return () => page.unroute(matches, handler);
    },
  };
}
