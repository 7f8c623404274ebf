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

/**
 * Starts recording every GET of `origin` outside /api/ that answers 200; call before the page first loads. Each
 * file passes through a route that keeps its body before the page gets it, and the shell starts serving only once
 * every file in flight is kept: a lazily loaded chunk the reloaded page is refused fails its module for the page's
 * whole life, and with it the sending of a queued save.
 */
export async function recordAppShell(page: Page, origin: string): Promise<AppShell> {
  const recorded = new Map<string, RecordedResponse>();
  let serving = false;
  const inFlight = new Set<Promise<void>>();
  const matches = (url: URL): boolean => url.origin === origin && !url.pathname.startsWith("/api/");
  const pass = async (route: Route): Promise<void> => {
    const request = route.request();
    if (serving) {
      const response = recorded.get(request.url());
      if (response) await route.fulfill(response);
      else await route.abort("connectionrefused");
      return;
    }
    const response = await route.fetch().catch(() => null);
    if (response === null) {
      await route.abort("connectionrefused");
      return;
    }
    if (request.method() === "GET" && response.status() === 200) {
      const headers = Object.entries(response.headers()).filter(([name]) => !TRANSFER_HEADERS.has(name));
      recorded.set(request.url(), {
        status: 200,
        headers: Object.fromEntries(headers),
        body: await response.body(),
      });
    }
    await route.fulfill({ response });
  };
  await page.route(matches, (route) => {
    const passing = pass(route);
    inFlight.add(passing);
    return passing.finally(() => inFlight.delete(passing));
  });
  return {
    async serveWhileServerIsDown() {
      await Promise.allSettled([...inFlight]);
      serving = true;
      return async () => {
        serving = false;
      };
    },
  };
}
