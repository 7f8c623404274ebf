import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { seedDrawing } from "./helpers/wall.ts";

// The permalink page follows everyone's reactions through the wall's event stream only while it is seen: a shared
// link left open in a background tab gives its stream back (src/client/permalink/permalink-reactions.ts).

/** Event streams the server has open now, from its /metrics. */
async function openStreams(request: APIRequestContext, baseUrl: string): Promise<number> {
  const text = await (await request.get(`${baseUrl}/metrics`)).text();
  const match = /^fanvas_http_requests_in_flight\{route="\/api\/events"\} (\d+)$/m.exec(text);
  return Number(match?.[1] ?? 0);
}

/** Tells the page it is hidden or seen again, as a browser does when its tab goes to the background and back. */
async function setVisibility(page: Page, state: "hidden" | "visible"): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, "visibilityState", { value, configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  }, state);
}

test("a permalink page holds an event stream only while seen, and catches up on counts when seen again", async ({
  page,
  request,
  launchServer,
}) => {
  // TRUST_PROXY: the other visitor below is told apart by X-Forwarded-For; the page itself sends none.
  const server = await launchServer({ env: { METRICS_ALLOW_LOCAL: "true", TRUST_PROXY: "true" } });
  const drawing = await seedDrawing(request, server.url);
  await page.goto(`${server.url}/d/${drawing.id}`);
  const heart = page.locator('.reactions button[data-kind="heart"]');
  await expect(heart).toBeEnabled();
  await expect.poll(() => openStreams(request, server.url)).toBe(1);

  await setVisibility(page, "hidden");
  await expect.poll(() => openStreams(request, server.url)).toBe(0);
  // Someone else reacts while the tab is in the background.
  const given = await request.post(`${server.url}/api/drawings/${drawing.id}/reactions`, {
    data: { kind: "heart" },
    headers: { "x-forwarded-for": "203.0.113.9" },
  });
  expect(given.status()).toBe(200);

  await setVisibility(page, "visible");
  await expect.poll(() => openStreams(request, server.url)).toBe(1);
  await expect(heart.locator(".reaction__count")).toHaveText("1");
  await expect(heart).toHaveAttribute("aria-pressed", "false");
});
