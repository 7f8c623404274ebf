import { type APIRequestContext, expect, type Page } from "@playwright/test";
import type { GalleryPage } from "../../../src/common/api.ts";
import { openDrawingPage } from "./page.ts";
import { wall } from "./wall.ts";

// What anyone without the admin token sees of the drawings: the list, the URLs, an open wall.

/** The ids GET /api/drawings lists on its first page. */
export async function listedIds(request: APIRequestContext, baseUrl: string): Promise<string[]> {
  const response = await request.get(`${baseUrl}/api/drawings?limit=60`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as GalleryPage).items.map((item) => item.id);
}

/** The HTTP status of a GET, for permalinks and image URLs. */
export async function statusOf(request: APIRequestContext, url: string): Promise<number> {
  return (await request.get(url, { maxRedirects: 0 })).status();
}

/** Opens the page and waits until its wall has loaded its first page. */
export async function openWall(page: Page, baseUrl: string): Promise<void> {
  await openDrawingPage(page, baseUrl);
  await expect(wall(page)).toHaveAttribute("aria-busy", "false");
}
