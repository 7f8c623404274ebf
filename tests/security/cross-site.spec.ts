import { createServer, type Server } from "node:http";
import type { Page } from "@playwright/test";
import { expect, test } from "../e2e/fixtures.ts";
import { countStoredDrawings, countStoredReports } from "../e2e/helpers/db.ts";
import { freePort } from "../e2e/helpers/server.ts";

// The cross-site guard in a real browser: a page on another site (http://localhost:<port>, while Fanvas is at
// http://127.0.0.1:<port>) makes its visitor's Chromium send every request a page can send without asking:
// no-cors fetches (bodiless, text, a PNG blob), a beacon, a form post, and a JSON fetch that needs a preflight.
// None may count as a report or store a drawing; the same JSON fetch from an origin in CORS_ORIGINS may.

const OTHER_SITE_PAGE =
  "<!doctype html><title>Another site</title><form method=post target=sink></form><iframe name=sink></iframe>";

/** Serves the other site's page while `work` runs; the browser opens it as http://localhost:<port>. */
async function withOtherSite(work: (origin: string) => Promise<void>): Promise<void> {
  const port = await freePort();
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(OTHER_SITE_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  try {
    await work(`http://localhost:${port}`);
  } finally {
    server.close();
  }
}

/**
 * What the server says it refused, from its own /metrics (the browser cannot tell: our answers carry
 * Cross-Origin-Resource-Policy same-origin, so it drops them before a no-cors page or the test sees them).
 */
async function refusals(fanvas: string): Promise<{ reports: number; saves: number; inserts: number }> {
  const text = await (await fetch(`${fanvas}/metrics`)).text();
  const count = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
  return {
    reports: count(
      /fanvas_http_request_duration_seconds_count\{method="POST",route="\/api\/drawings\/:id\/report",status="4xx"\} (\d+)/,
    ),
    saves: count(/fanvas_saves_total\{reason="cross_site",result="rejected",route="\/api\/drawings"\} (\d+)/),
    inserts: count(
      /fanvas_saves_total\{reason="cross_site",result="rejected",route="\/rest\/v1\/drawings"\} (\d+)/,
    ),
  };
}

/** Saves a blank canvas from a page on Fanvas's own origin, as the real page does; returns the drawing's id. */
async function saveAsOurOwnPage(page: Page, fanvas: string): Promise<string> {
  await page.goto(`${fanvas}/api/config`);
  return page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 600;
    canvas.height = 600;
    const png = await new Promise<Blob>((resolve) =>
      canvas.toBlob((blob) => resolve(blob as Blob), "image/png"),
    );
    const saved = await fetch("/api/drawings", {
      method: "POST",
      headers: { "content-type": "image/png" },
      body: png,
    });
    return ((await saved.json()) as { id: string }).id;
  });
}

/** Reports a drawing from a page on Fanvas's own origin as ReportControl does; returns the answer's status. */
async function reportAsOurOwnPage(page: Page, fanvas: string, id: string): Promise<number> {
  await page.goto(`${fanvas}/api/config`);
  return page.evaluate(async (drawing) => {
    const answer = await fetch(`/api/drawings/${drawing}/report`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    return answer.status;
  }, id);
}

/** Every kind of request another site's page can make its visitor send; resolves once all were sent. */
async function forgeFromOtherSite(page: Page, fanvas: string, id: string): Promise<void> {
  await page.evaluate(
    async ({ fanvas, id }) => {
      const report = `${fanvas}/api/drawings/${id}/report`;
      const canvas = document.createElement("canvas");
      canvas.width = 600;
      canvas.height = 600;
      const png = await new Promise<Blob>((resolve) =>
        canvas.toBlob((blob) => resolve(blob as Blob), "image/png"),
      );
      const dataUrl = JSON.stringify({ image_data: canvas.toDataURL("image/png") });
      const attempts: [string, RequestInit][] = [
        [report, { method: "POST", mode: "no-cors" }],
        [report, { method: "POST", mode: "no-cors", body: JSON.stringify({ reason: "forged" }) }],
        [report, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }],
        [`${fanvas}/api/drawings`, { method: "POST", mode: "no-cors", body: png }],
        [`${fanvas}/api/drawings`, { method: "POST", mode: "no-cors", body: dataUrl }],
        [`${fanvas}/rest/v1/drawings`, { method: "POST", mode: "no-cors", body: dataUrl }],
      ];
      for (const [url, init] of attempts) await fetch(url, init).catch(() => undefined);
      navigator.sendBeacon(report, JSON.stringify({ reason: "beacon" }));
      const form = document.querySelector("form") as HTMLFormElement;
      form.action = report;
      form.submit();
    },
    { fanvas, id },
  );
}

test.describe("requests another site's page makes a visitor's browser send", () => {
  test("never count as a report nor store a drawing, and our own page still reports", async ({
    page,
    launchServer,
  }) =>
    withOtherSite(async (otherSite) => {
      const server = await launchServer({ env: { METRICS_ALLOW_LOCAL: "true" } });
      const id = await saveAsOurOwnPage(page, server.url);
      const drawings = countStoredDrawings(server.databasePath);

      await page.goto(otherSite);
      await forgeFromOtherSite(page, server.url, id);
      // The no-cors fetches, the beacon and the form post all reach the server and are refused there (the
      // preflighted JSON never leaves the browser).
      await expect.poll(() => refusals(server.url)).toEqual({ reports: 4, saves: 2, inserts: 1 });
      expect(countStoredReports(server.databasePath, id)).toBe(0);
      expect(countStoredDrawings(server.databasePath)).toBe(drawings);

      expect(await reportAsOurOwnPage(page, server.url, id)).toBe(202);
      expect(countStoredReports(server.databasePath, id)).toBe(1);
    }));

  test("count when the other site is one the operator lists in CORS_ORIGINS", async ({
    page,
    launchServer,
  }) =>
    withOtherSite(async (otherSite) => {
      const server = await launchServer({ env: { CORS_ORIGINS: otherSite } });
      const id = await saveAsOurOwnPage(page, server.url);
      await page.goto(otherSite);
      const status = await page.evaluate(
        async (url) =>
          (await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }))
            .status,
        `${server.url}/api/drawings/${id}/report`,
      );
      expect(status).toBe(202);
      expect(countStoredReports(server.databasePath, id)).toBe(1);
    }));
});
