import { expect, type Locator, type Page } from "@playwright/test";
import { PALETTE } from "../../../src/common/constants.ts";
import { brushButton, drawingCanvas, swatch } from "./page.ts";

/** A screen size the layout is proven at. */
export interface Screen {
  readonly name: string;
  readonly viewport: { readonly width: number; readonly height: number };
  readonly touch: boolean;
  readonly deviceScaleFactor: number;
  /** True where every tool must be on the first screen; false where only the canvas and the five actions must. */
  readonly everyTool: boolean;
}

/** A screen of `width` x `height` CSS px, named so. */
function screen(width: number, height: number, options: Omit<Screen, "name" | "viewport">): Screen {
  return { name: `${width}x${height}`, viewport: { width, height }, ...options };
}

/** The four screens the layout is held to: two laptops, a large and a small phone. */
export const SCREENS: readonly Screen[] = [
  screen(1280, 720, { touch: false, deviceScaleFactor: 1, everyTool: true }),
  screen(1366, 768, { touch: false, deviceScaleFactor: 1, everyTool: true }),
  screen(390, 844, { touch: true, deviceScaleFactor: 3, everyTool: true }),
  screen(360, 640, { touch: true, deviceScaleFactor: 1, everyTool: false }),
];

/** A button by its exact accessible name. */
function button(page: Page, name: string): Locator {
  return page.getByRole("button", { name, exact: true });
}

/** The five actions the smallest phone must show on its first screen, by name. */
export function actionButtons(page: Page): Record<string, Locator> {
  return Object.fromEntries(
    ["Eraser", "Undo", "Redo", "Clear", "Save Image"].map((name) => [name, button(page, name)]),
  );
}

/** Every tool of the panel: the 15 colours, the 5 sizes, Brush and the five actions. */
export function everyToolButton(page: Page): Record<string, Locator> {
  return {
    ...Object.fromEntries(PALETTE.map(({ name }) => [name, swatch(page, name)])),
    ...Object.fromEntries([1, 3, 5, 8, 12].map((size) => [`Brush size ${size}`, brushButton(page, size)])),
    Brush: button(page, "Brush"),
    ...actionButtons(page),
  };
}

/** Where an element sits in the viewport, in CSS pixels, without scrolling. */
export async function boxOf(
  locator: Locator,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  });
  return box;
}

/** Asserts the element is wholly inside the viewport as the page first shows it. */
export async function expectOnFirstScreen(page: Page, name: string, locator: Locator): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  const box = await boxOf(locator);
  expect(box.width, `${name} has a size`).toBeGreaterThan(0);
  expect(box.x, `${name} left`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${name} top`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name} right edge within ${width}`).toBeLessThanOrEqual(width + 0.5);
  expect(box.y + box.height, `${name} bottom edge within ${height}`).toBeLessThanOrEqual(height + 0.5);
}

/**
 * `locator` is on the screen as it is now and nothing covers its middle (the topmost element there is it or
 * inside it): seen and clickable without scrolling, neither the page nor the panel.
 */
export async function expectUncovered(page: Page, name: string, locator: Locator): Promise<void> {
  await expectOnFirstScreen(page, name, locator);
  // Polled: a part still arriving (a chunk, a font) may move things for a frame; what stays is what counts.
  await expect
    .poll(async () => {
      const box = await boxOf(locator);
      return locator.evaluate(
        (element, { x, y }) => {
          const top = document.elementFromPoint(x, y);
          return top !== null && (top === element || element.contains(top));
        },
        { x: box.x + box.width / 2, y: box.y + box.height / 2 },
      );
    }, `${name} is uncovered`)
    .toBe(true);
}

/**
 * Opens Stickers and Text in turn and checks each one's options are seen (no scrolling of page or panel
 * needed) with Save; then places a sticker and checks its Done and Cancel. Opened at the end of the dock on
 * phones they would fall below the first screen, and on desktops they could push history and Save out of the
 * panel's height.
 */
export async function expectToolOptionsInView(page: Page): Promise<void> {
  const stickerChoices = page.getByRole("region", { name: "Stickers" }).getByRole("button");
  const options = {
    Stickers: [stickerChoices.first()],
    Text: [
      page.getByRole("slider", { name: "Caption size" }),
      page.getByRole("checkbox", { name: "Outline" }),
      button(page, "Place caption"),
      button(page, "Cancel"),
    ],
  };
  for (const [tool, controls] of Object.entries(options)) {
    // A tool that acts on taps is offered once its code is in: a click that waited on it could land after the
    // panel grew under it, from wherever Playwright scrolled to while it waited.
    await expect(button(page, tool)).toBeEnabled();
    await button(page, tool).click();
    for (const [index, control] of controls.entries()) {
      await expect(control).toBeVisible();
      await expectUncovered(page, `${tool}'s option ${index + 1}`, control);
    }
    await expectUncovered(page, `Save with ${tool} open`, button(page, "Save Image"));
    await button(page, "Brush").click();
  }
  // A placed sticker's Done and Cancel come before the choices, which run below a phone's first screen.
  await button(page, "Stickers").click();
  await stickerChoices.first().click();
  await drawingCanvas(page).click();
  for (const name of ["Done", "Cancel"]) {
    await expect(button(page, name)).toBeVisible();
    await expectUncovered(page, `${name} of a placed sticker`, button(page, name));
  }
}

/** The sRGB channels (0..255) of a computed colour: rgb()/rgba() or color(srgb …), as Chromium reports them. */
export function parseComputedColour(text: string): [number, number, number] {
  const rgb = /rgba?\(\s*([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)/.exec(text);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  const srgb = /color\(srgb\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)/.exec(text);
  if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255];
  const oklab = /oklab\(\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)/.exec(text);
  if (oklab) return oklabToSrgb(Number(oklab[1]), Number(oklab[2]), Number(oklab[3]));
  throw new Error(`Unreadable computed colour: ${text}`);
}

/** Björn Ottosson's OKLab to sRGB (0..255), for colours Chromium reports from color-mix(). */
function oklabToSrgb(lightness: number, a: number, b: number): [number, number, number] {
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
  const encode = (c: number): number =>
    255 * Math.min(1, Math.max(0, c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055));
  return linear.map(encode) as [number, number, number];
}

/** WCAG contrast of two sRGB colours given as 0..255 channels. */
export function contrastOf(a: readonly number[], b: readonly number[]): number {
  const luminance = (channels: readonly number[]): number => {
    const [r, g, bl] = channels.map((value) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The contrast of an element's label against its own background, from computed styles. */
export async function labelContrast(locator: Locator): Promise<number> {
  const { color, background } = await locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { color: style.color, background: style.backgroundColor };
  });
  return contrastOf(parseComputedColour(color), parseComputedColour(background));
}

/** Waits until the first screen is still: the tool ready, web font and images in, the wall loaded. */
export async function waitForStillFirstScreen(page: Page): Promise<void> {
  await expect(page.locator('canvas[aria-label="Drawing canvas"]')).toHaveAttribute("data-ready", "true");
  await expect(page.getByRole("region", { name: "Community wall" })).toHaveAttribute("aria-busy", "false");
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images].map((image) =>
        image.complete || image.loading === "lazy"
          ? null
          : new Promise((resolve) => image.addEventListener("load", resolve, { once: true })),
      ),
    );
  });
}

/** Where each control and the canvas sit in the viewport, by accessible name (CSS pixels, rounded). */
export function controlBoxes(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const boxes: Record<string, string> = {};
    for (const element of document.querySelectorAll("button, a, input, canvas")) {
      const name = element.getAttribute("aria-label") ?? element.textContent?.trim() ?? "";
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      const box = [rect.x, rect.y, rect.width, rect.height].map(Math.round).join(" ");
      // Two controls of one name are told apart by their order.
      let key = name;
      for (let n = 2; key in boxes; n++) key = `${name} #${n}`;
      boxes[key] = box;
    }
    return boxes;
  });
}

/** Holds back every request for the tools' controls (their lazily loaded chunk) until `release` is called. */
export async function holdToolControls(page: Page): Promise<{ release: () => void }> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/ToolControls-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { release: () => release() };
}
