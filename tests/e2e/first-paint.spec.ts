import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PALETTE } from "../../src/common/constants.ts";
import { expect, test } from "./fixtures.ts";
import { servedBranding } from "./helpers/branding.ts";
import { drawingCanvas, openBlankPage, openDrawingPage, readCanvasPixels } from "./helpers/page.ts";
import { paletteRgba } from "./helpers/palette.ts";
import { inkAcross } from "./helpers/pixels.ts";
import { mouseStroke } from "./helpers/strokes.ts";

test.describe("with scripts off", () => {
  test.use({ javaScriptEnabled: false });

  test("the server-rendered page already shows the title, address, links, palette, tools and the canvas with its mascot", async ({
    page,
  }) => {
    await page.goto("/");
    const branding = await servedBranding(page);
    await expect(page.getByRole("heading", { name: branding.title, level: 1 })).toBeVisible();
    await expect(page.getByText(branding.contractAddress)).toBeVisible();
    await expect(page.getByRole("link", { name: /^Profile\b/ })).toHaveAttribute("href", branding.profileUrl);
    await expect(page.getByRole("link", { name: /^Community\b/ })).toHaveAttribute(
      "href",
      branding.communityUrl,
    );
    for (const { name } of PALETTE)
      await expect(page.getByRole("button", { name, exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save Image", exact: true })).toBeVisible();
    await expect(drawingCanvas(page)).toBeVisible();
    // The mascot paints under the canvas before the engine exists: the first display, mirrored by CSS.
    const mascot = page.locator(".board__mascot");
    await expect(mascot).toHaveAttribute("src", branding.mascotImage);
    expect(await mascot.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  });
});

test("the page hydrates the server's HTML without a mismatch and draws", async ({ page, consoleLog }) => {
  // The server's own title and canvas, noted before any script runs: hydration keeps them, a client render
  // (what React falls back to after a mismatch) would replace them.
  await page.addInitScript(() => {
    document.addEventListener("readystatechange", () => {
      if (document.readyState !== "interactive") return;
      const served = [document.querySelector("h1"), document.querySelector("canvas")];
      Object.assign(window, { e2eServedNodes: served });
    });
  });
  const blank = await openBlankPage(page);
  const messages = await consoleLog.firstArguments();
  expect(messages.filter((message) => /hydrat|did not match/i.test(message))).toEqual([]);
  const kept = await page.evaluate(() => {
    const served = (window as unknown as { e2eServedNodes: (Element | null)[] }).e2eServedNodes;
    return served.map(
      (node, i) =>
        node !== null && node === [document.querySelector("h1"), document.querySelector("canvas")][i],
    );
  });
  expect(kept).toEqual([true, true]);
  await mouseStroke(page, [
    { x: 100, y: 300 },
    { x: 500, y: 300 },
  ]);
  const drawn = await readCanvasPixels(page);
  expect(inkAcross(blank, drawn, 300, paletteRgba("black"))).toBeGreaterThan(1);
});

test("/ carries a description and a link card (og and twitter tags) with an absolute image, from the branding", async ({
  page,
  server,
}) => {
  await page.goto("/");
  const branding = await servedBranding(page);
  const meta = (key: string) =>
    page.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute("content");
  expect(await meta("description")).toContain(branding.title);
  expect(await meta("og:title")).toBe(branding.title);
  expect(await meta("og:description")).toBe(await meta("description"));
  expect(await meta("og:image")).toBe(`${server.url}${branding.mascotImage}`);
  expect(await meta("twitter:card")).toBe("summary");
  const image = await page.request.get(String(await meta("og:image")));
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toMatch(/^image\//);
});

test("the page paints from the HTML alone: its stylesheet is inline, so no stylesheet is fetched before the tool is up", async ({
  page,
}) => {
  const stylesheets: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheets.push(new URL(request.url()).pathname);
  });
  await openDrawingPage(page);
  const inline = await page.evaluate(() =>
    [...document.styleSheets].filter((sheet) => sheet.href === null).map((sheet) => sheet.cssRules.length),
  );
  // The theme's rule and the first screen's stylesheet; a later chunk's own stylesheet may follow, never the page's.
  expect(inline.length).toBe(2);
  expect(inline[1]).toBeGreaterThan(50);
  expect(stylesheets.filter((path) => /\/assets\/index-[\w-]+\.css$/.test(path))).toEqual([]);
});

test("the page's own scripts are fetched at low priority, so the mascot and the first paint come first on a slow link", async ({
  page,
}) => {
  const priorities = new Map<string, string>();
  const devtools = await page.context().newCDPSession(page);
  devtools.on("Network.requestWillBeSent", ({ request }) => {
    priorities.set(new URL(request.url).pathname, request.initialPriority);
  });
  await devtools.send("Network.enable");
  await openDrawingPage(page);
  // What index.html names: the entry script and the chunks it preloads (React, the bundler's runtime).
  const named = await page.evaluate(async () => {
    const served = new DOMParser().parseFromString(await (await fetch("/")).text(), "text/html");
    return [...served.querySelectorAll("script[src], link[rel=modulepreload]")].map(
      (element) =>
        new URL(element.getAttribute("src") ?? element.getAttribute("href") ?? "", location.href).pathname,
    );
  });
  expect(named.filter((path) => /react-/.test(path))).toHaveLength(1);
  expect(Object.fromEntries(named.map((path) => [path, priorities.get(path)]))).toEqual(
    Object.fromEntries(named.map((path) => [path, "Low"])),
  );
  expect(priorities.get("/mascot.png")).toBe("High");
});

test("the server-rendering bundle imports nothing but Node's own modules, so it renders from a build anywhere", () => {
  const bundle = join(import.meta.dirname, "../../dist/.ssr");
  const files = readdirSync(bundle, { recursive: true, encoding: "utf8" }).filter((file) =>
    file.endsWith(".js"),
  );
  expect(files).toContain("server-render.js");
  const imported = files.flatMap((file) =>
    [
      ...readFileSync(join(bundle, file), "utf8").matchAll(
        /^\s*(?:import|export)\b[^;"]*?\bfrom\s*"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/gm,
      ),
    ].map((match) => match[1] ?? match[2] ?? ""),
  );
  expect(imported.filter((name) => !name.startsWith(".") && !name.startsWith("node:"))).toEqual([]);
});
