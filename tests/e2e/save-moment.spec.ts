import type { Download } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { axeViolations } from "./helpers/axe.ts";
import { countStoredDrawings } from "./helpers/db.ts";
import { drawingCanvas, openDrawingPage } from "./helpers/page.ts";
import { nextUpload, saveAndStore, saveImage } from "./helpers/save.ts";
import { drawSomething } from "./helpers/strokes.ts";
import { wall } from "./helpers/wall.ts";

const DRAW_FIRST = "Draw something first — there is nothing to save yet";

test("Save on an untouched canvas (on load, and after Clear) stores nothing, downloads nothing and asks for a drawing", async ({
  page,
  launchServer,
}) => {
  const server = await launchServer({});
  const downloads: Download[] = [];
  const uploads: string[] = [];
  page.on("download", (download) => downloads.push(download));
  page.on("request", (request) => {
    if (request.method() === "POST") uploads.push(request.url());
  });
  await openDrawingPage(page, server.url);
  const save = page.getByRole("button", { name: "Save Image", exact: true });
  await save.click();
  await expect(page.getByRole("status")).toHaveText(DRAW_FIRST);

  await drawSomething(page);
  await page.getByRole("button", { name: "Clear", exact: true }).click();
  await page.keyboard.press("Control+s");
  await expect(page.getByRole("status")).toHaveText(DRAW_FIRST);
  // A real save afterwards proves the two refusals above were not merely slow: it is the first upload.
  await drawSomething(page);
  const upload = nextUpload(page);
  await saveImage(page);
  expect((await upload).status()).toBe(201);
  expect(downloads).toHaveLength(1);
  expect(uploads).toHaveLength(1);
  expect(countStoredDrawings(server.dataDir.concat("/fanvas.sqlite"))).toBe(1);
});

test("after a stored save a sheet shows the drawing with large actions; View opens its page and the wall marks it", async ({
  page,
}) => {
  await openDrawingPage(page);
  await expect(wall(page)).toHaveAttribute("aria-busy", "false");
  await drawSomething(page);
  const saved = await saveAndStore(page);

  const sheet = page.getByRole("dialog", { name: "Saved to the wall!" });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole("img", { name: "Your drawing" })).toBeVisible();
  const actions = [
    sheet.getByRole("link", { name: /^Share on X/ }),
    sheet.getByRole("button", { name: "Copy link", exact: true }),
    sheet.getByRole("button", { name: "Download again", exact: true }),
    sheet.getByRole("link", { name: /^View\b/ }),
  ];
  for (const action of actions) {
    const box = await action.boundingBox();
    expect(box?.height, "a large action").toBeGreaterThanOrEqual(48);
  }
  const view = sheet.getByRole("link", { name: /^View\b/ });
  await expect(view).toHaveAttribute("href", `/d/${saved.id}`);
  await expect(view).toHaveAttribute("target", "_blank");
  expect((await page.request.get(`/d/${saved.id}`)).status()).toBe(200);
  const again = page.waitForEvent("download");
  await sheet.getByRole("button", { name: "Download again", exact: true }).click();
  expect((await again).suggestedFilename()).toMatch(/^draw-fred-\d+\.png$/);
  expect(await axeViolations(page), "the save sheet").toEqual([]);

  // The visitor's own drawing arrives on the wall marked as theirs.
  await expect(wall(page).locator(`li[data-mine="true"] a[href="/d/${saved.id}"]`)).toHaveCount(1);

  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(page.getByRole("button", { name: "Save Image", exact: true })).toBeFocused();
});

test("an unknown address answers a 404 page in the product's look with a way home", async ({ page }) => {
  const response = await page.goto("/some/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
  const home = page.getByRole("link", { name: "Draw your own" });
  await expect(home).toHaveAttribute("href", "/");
  expect(await axeViolations(page), "the 404 page").toEqual([]);
  // The API keeps its JSON errors.
  const api = await page.request.get("/api/nope", { headers: { Accept: "text/html" } });
  expect(api.status()).toBe(404);
  expect(api.headers()["content-type"]).toMatch(/^application\/json/);
  await home.click();
  await expect(drawingCanvas(page)).toHaveAttribute("data-ready", "true");
});

test("where the pointer hovers, the canvas's cursor previews the brush: its colour and size, an outline for the eraser", async ({
  page,
}) => {
  await openDrawingPage(page);
  const cursor = () => drawingCanvas(page).evaluate((canvas) => decodeURIComponent(canvas.style.cursor));
  await expect.poll(cursor).toContain('fill="#000000"');
  await page.getByRole("button", { name: "red", exact: true }).click();
  await page.getByRole("button", { name: "Brush size 12", exact: true }).click();
  await expect.poll(cursor).toContain('fill="#ff0000"');
  await expect.poll(cursor).toContain('r="6"');
  await page.getByRole("button", { name: "Eraser", exact: true }).click();
  await expect.poll(cursor).not.toContain("#ff0000");
  // Still a preview, not the default cursor: a hollow ring of the brush's size.
  await expect.poll(cursor).toContain('r="6" fill="none" stroke="#1b2420"');
});

for (const [platform, userAgent, shown, absent] of [
  ["an Apple computer", "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36", "⌘", "Ctrl"],
  ["Windows", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36", "Ctrl", "⌘"],
] as const) {
  test.describe(`on ${platform}`, () => {
    test.use({ userAgent });

    test(`the shortcuts help names ${shown}, never ${absent}`, async ({ page }) => {
      await page.addInitScript(
        (agent) =>
          Object.defineProperty(navigator, "platform", {
            get: () => (agent.includes("Mac") ? "MacIntel" : "Win32"),
          }),
        userAgent,
      );
      await openDrawingPage(page);
      await page.getByRole("button", { name: "Shortcuts", exact: true }).click();
      const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
      await expect(help.locator("kbd", { hasText: shown }).first()).toBeVisible();
      await expect(help.locator("kbd", { hasText: absent })).toHaveCount(0);
    });
  });
}
