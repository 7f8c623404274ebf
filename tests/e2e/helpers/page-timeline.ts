import type { Page } from "@playwright/test";

/** What a page did during a test, as lines of text. */
export interface PageTimeline {
  text(): string;
}

/** The most lines kept: the end of a test is where its failure is, and a CI log is read by a person. */
const MAX_LINES = 80;

/**
 * Starts recording, with the seconds since this call: the page's navigations, console messages, every API request
 * with its answer, and every request that failed (a refused connection, an aborted script). Playwright's own
 * failure message says what was expected; this says what the page was doing meanwhile.
 */
export function recordPageTimeline(page: Page): PageTimeline {
  const started = Date.now();
  const lines: string[] = [];
  const note = (line: string): void => {
    lines.push(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)}  ${line}`);
    if (lines.length > MAX_LINES) lines.shift();
  };
  const where = (url: string): string => {
    const parsed = new URL(url);
    return parsed.protocol.startsWith("http") ? `${parsed.host}${parsed.pathname}` : parsed.protocol;
  };
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) note(`navigated to ${frame.url()}`);
  });
  page.on("console", (message) => note(`console.${message.type()}: ${message.text().slice(0, 200)}`));
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/api/"))
      note(`${response.request().method()} ${where(response.url())} -> ${response.status()}`);
  });
  page.on("requestfailed", (request) =>
    note(`${request.method()} ${where(request.url())} failed: ${request.failure()?.errorText ?? "?"}`),
  );
  return { text: () => lines.join("\n") };
}
