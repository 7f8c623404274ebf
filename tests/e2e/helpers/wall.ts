import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import type { SavedDrawing } from "../../../src/common/api.ts";
import { drawingPng } from "../../api/helpers/png.ts";

/** The community wall, by its accessible name. */
export function wall(page: Page): Locator {
  return page.getByRole("region", { name: "Community wall" });
}

/** The wall's links to drawings, in the order shown. */
export function wallLinks(page: Page): Locator {
  return wall(page).locator("a[href^='/d/']");
}

/** The card of a drawing on the wall. */
export function card(page: Page, id: string): Locator {
  return wall(page).locator("li", { has: page.locator(`a[href="/d/${id}"]`) });
}

/** A reaction's count on a wall card or on the permalink page (the first such button in `scope`). */
export function countOf(scope: Locator, kind: string): Locator {
  return scope.locator(`button.reaction[data-kind="${kind}"] .reaction__count`);
}

/** Stores `png` straight through the API, as another visitor would have; returns the stored drawing. */
export async function saveDrawing(
  request: APIRequestContext,
  baseUrl: string,
  png: Buffer,
): Promise<SavedDrawing> {
  const response = await request.post(`${baseUrl}/api/drawings`, {
    headers: { "Content-Type": "image/png" },
    data: png,
  });
  expect(response.status(), `storing a drawing: ${await response.text()}`).toBe(201);
  return (await response.json()) as SavedDrawing;
}

/** Stores `count` distinct drawings through the API, oldest first; returns them in that order. */
export async function seedDrawings(
  request: APIRequestContext,
  baseUrl: string,
  count: number,
): Promise<SavedDrawing[]> {
  const saved: SavedDrawing[] = [];
  for (let seed = 1; seed <= count; seed += 1)
    saved.push(await saveDrawing(request, baseUrl, await drawingPng(600, 600, seed)));
  return saved;
}

/** Stores one drawing through the API and returns it. */
export async function seedDrawing(request: APIRequestContext, baseUrl: string): Promise<SavedDrawing> {
  const [drawing] = await seedDrawings(request, baseUrl, 1);
  if (drawing === undefined) throw new Error("seeding one drawing stored none");
  return drawing;
}
