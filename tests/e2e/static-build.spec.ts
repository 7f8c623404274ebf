/**
 * The static-host build (npm run build:static) against a Fanvas server's Supabase-compatible endpoint: the page
 * is served by a plain static file server on its own origin and stores through supabase-js, as the original
 * page stored into a Supabase project.
 */
import { rm } from "node:fs/promises";
import type { Page, Request } from "@playwright/test";
import type { Point } from "../../src/client/engine/types.ts";
import { DEFAULT_BRANDING } from "../../src/common/config.ts";
import { CONSOLE_MESSAGES } from "../../src/common/constants.ts";
import { decodeDrawing } from "../../src/common/drawing-document/decode.ts";
import { knownStickers } from "../../src/common/drawing-document/known-stickers.ts";
import { test as base, expect } from "./fixtures.ts";
import { countStoredDrawings, readStoredDrawing } from "./helpers/db.ts";
import { openDrawingPage } from "./helpers/page.ts";
import { compareBitmaps } from "./helpers/pixels.ts";
import { dataUrlBytes, decodePng } from "./helpers/png.ts";
import { SAVED_TEXT, saveImage } from "./helpers/save.ts";
import type { RunningServer } from "./helpers/server.ts";
import {
  buildStaticSite,
  type StaticHost,
  serveStatically,
  staticSiteDirectory,
} from "./helpers/static-site.ts";
import { drawStroke, mouseStroke } from "./helpers/strokes.ts";

const ANON_KEY = "anon-key-of-the-static-build-test";
const BRANDING = { ...DEFAULT_BRANDING, title: "Draw Fred, statically", downloadPrefix: "static-fred" };
const REST_PATH = "/rest/v1/drawings";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The static site on its own origin, built against `api`, a Fanvas server that lets that origin call it. */
interface StaticSetup {
  readonly host: StaticHost;
  readonly api: RunningServer;
}

const test = base.extend<{ site: StaticSetup }>({
  site: async ({ launchServer }, use) => {
    const dir = await staticSiteDirectory();
    const host = await serveStatically(dir);
    try {
      // A different origin than the API, as on a real static host: the server must allow it by CORS.
      const api = await launchServer({ env: { CORS_ORIGINS: host.url } });
      await buildStaticSite({ supabaseUrl: api.url, anonKey: ANON_KEY, branding: BRANDING }, dir);
      await use({ host, api });
    } finally {
      await host.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
});

function isInsert(request: Request, api: RunningServer): boolean {
  return request.method() === "POST" && request.url().startsWith(`${api.url}${REST_PATH}`);
}

/** Opens the static site's page at `siteUrl`, draws `stroke`, saves, and waits for the status to say Saved. */
async function drawAndSaveOn(page: Page, siteUrl: string, stroke: readonly Point[]): Promise<void> {
  await openDrawingPage(page, `${siteUrl}/`);
  await mouseStroke(page, stroke);
  await saveImage(page);
  await expect(page.getByRole("status").filter({ hasText: SAVED_TEXT })).toBeVisible();
}

test("the static build stores a drawing through supabase-js: the row arrives with exactly the drawn pixels", async ({
  page,
  site,
  consoleLog,
}) => {
  const { host, api } = site;
  const requests: string[] = [];
  page.on("request", (request) => requests.push(`${request.method()} ${request.url()}`));

  await openDrawingPage(page, `${host.url}/`);
  // Branding baked in at build time: no server injected it.
  await expect(page).toHaveTitle(BRANDING.title);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(BRANDING.title);
  const canvas = await drawStroke(page, "blue", 12, [
    { x: 90, y: 120 },
    { x: 300, y: 480 },
    { x: 510, y: 120 },
  ]);

  const inserted = page.waitForResponse((response) => isInsert(response.request(), api));
  const { download, downloadBytes } = await saveImage(page);
  expect(download.suggestedFilename()).toMatch(/^static-fred-\d+\.png$/);
  const response = await inserted;
  expect(response.status()).toBe(201);

  // The original page's call: insert({ image_data }) with the anon key, reading the row back.
  const request = response.request();
  const headers = request.headers();
  expect(headers.apikey).toBe(ANON_KEY);
  expect(headers.authorization).toBe(`Bearer ${ANON_KEY}`);
  expect(headers.prefer).toContain("return=representation");
  expect(headers["idempotency-key"]).toMatch(UUID);
  // The picture as the original page sent it, and its making in the schema's optional column (base64).
  const sent = request.postDataJSON() as { image_data: string; making?: string };
  expect(Object.keys(sent)).toEqual(["image_data", "making"]);
  expect(sent.image_data).toMatch(/^data:image\/png;base64,/);
  const making = new Uint8Array(Buffer.from(sent.making ?? "", "base64"));
  expect(decodeDrawing(making, { stickers: knownStickers() }).operations).toHaveLength(1);
  expect(Buffer.from(dataUrlBytes(sent.image_data)).equals(Buffer.from(downloadBytes))).toBe(true);

  // supabase-js's maybeSingle() asks for the rows as an array and picks the one itself.
  const rows = (await response.json()) as { id: string; image_data: string }[];
  expect(rows).toHaveLength(1);
  const row = rows[0] ?? { id: "", image_data: "" };
  expect(row.image_data).toBe(sent.image_data);
  await expect(page.getByRole("status").filter({ hasText: SAVED_TEXT })).toBeVisible();
  // A Supabase row has no image address to link to.
  await expect(page.getByRole("link", { name: /^View\b/ })).toHaveCount(0);

  const stored = readStoredDrawing(api.databasePath, row.id);
  expect(stored, `row ${row.id} in the server's drawings table`).not.toBeNull();
  expect(compareBitmaps(await decodePng(stored?.imageData ?? new Uint8Array()), canvas)).toMatchObject({
    differingPixels: 0,
  });

  // Everything came from the static host except the one insert (and its CORS preflight): no /api anywhere.
  const toApi = requests.filter((line) => line.includes(api.url));
  expect(
    toApi.every((line) => line.startsWith("POST ") && line.includes(REST_PATH)),
    toApi.join("\n"),
  ).toBe(true);
  expect(host.requestedPaths.filter((requested) => requested.startsWith("/api"))).toEqual([]);
  const messages = await consoleLog.firstArguments();
  expect(messages).not.toContain(CONSOLE_MESSAGES.serverRejectedSave);
  expect(messages).not.toContain(CONSOLE_MESSAGES.saveRequestFailed);
});

test("a save whose answer is lost is retried under the same Idempotency-Key and stored once", async ({
  page,
  site,
  consoleLog,
}) => {
  const { host, api } = site;
  const keys: string[] = [];
  await page.route(`${api.url}${REST_PATH}*`, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    keys.push(route.request().headers()["idempotency-key"] ?? "");
    if (keys.length > 1) return route.continue();
    // The server stores the drawing, but its answer never reaches the page.
    const answer = await route.fetch();
    expect(answer.status()).toBe(201);
    return route.abort("connectionreset");
  });

  await drawAndSaveOn(page, host.url, [
    { x: 100, y: 500 },
    { x: 500, y: 100 },
  ]);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(UUID);
  expect(keys[1]).toBe(keys[0]);
  expect(countStoredDrawings(api.databasePath)).toBe(1);
  await expect.poll(() => consoleLog.firstArguments()).toContain(CONSOLE_MESSAGES.saveRequestFailed);
});

test("a Supabase table made before the optional making column stores the picture alone", async ({
  page,
  site,
  consoleLog,
}) => {
  const { host, api } = site;
  const bodies: string[][] = [];
  await page.route(`${api.url}${REST_PATH}*`, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const body = route.request().postDataJSON() as Record<string, unknown>;
    bodies.push(Object.keys(body));
    if (!("making" in body)) return route.continue();
    // What PostgREST answers for a column the table does not have.
    return route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({
        code: "PGRST204",
        details: null,
        hint: null,
        message: "Could not find the 'making' column of 'drawings' in the schema cache",
      }),
    });
  });

  await drawAndSaveOn(page, host.url, [
    { x: 100, y: 100 },
    { x: 500, y: 500 },
  ]);
  expect(bodies).toEqual([["image_data", "making"], ["image_data"]]);
  expect(countStoredDrawings(api.databasePath)).toBe(1);
  const messages = await consoleLog.firstArguments();
  expect(messages).toContain(
    "Fanvas: the table did not take this drawing's timelapse; saving the picture alone.",
  );
  expect(messages).not.toContain(CONSOLE_MESSAGES.serverRejectedSave);
});
