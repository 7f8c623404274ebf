import { CANVAS_SIZE } from "../../src/common/constants.ts";
import { expect, test } from "./fixtures.ts";
import {
  actionButtons,
  boxOf,
  controlBoxes,
  everyToolButton,
  expectOnFirstScreen,
  expectToolOptionsInView,
  holdToolControls,
  labelContrast,
  SCREENS,
  waitForStillFirstScreen,
} from "./helpers/layout.ts";
import { drawingCanvas, openDrawingPage } from "./helpers/page.ts";

/** WCAG AA for text, and the size a fingertip needs (WCAG 2.5.5, Apple's and Google's guidelines). */
const TEXT_CONTRAST = 4.5;
const FINGER_TARGET = 44;

for (const screen of SCREENS) {
  test.describe(`at ${screen.name}${screen.touch ? " (touch)" : ""}`, () => {
    test.use({
      viewport: screen.viewport,
      deviceScaleFactor: screen.deviceScaleFactor,
      isMobile: screen.touch,
      hasTouch: screen.touch,
    });

    test("the canvas and the tools are on the first screen, without scrolling either way", async ({
      page,
    }) => {
      await openDrawingPage(page);
      expect(await page.evaluate(() => [window.scrollX, window.scrollY])).toEqual([0, 0]);
      await expectOnFirstScreen(page, "canvas", drawingCanvas(page));
      const tools = screen.everyTool ? everyToolButton(page) : actionButtons(page);
      for (const [name, locator] of Object.entries(tools)) await expectOnFirstScreen(page, name, locator);
      const layout = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(layout.scrollWidth, "no sideways scrolling").toBeLessThanOrEqual(layout.innerWidth);
      const canvas = await boxOf(drawingCanvas(page));
      expect(canvas.height).toBeCloseTo(canvas.width, 0);
      if (!screen.touch) {
        // A desktop shows the canvas at 600 when there is room, never under 480.
        expect(canvas.width).toBe(CANVAS_SIZE);
      }
    });

    test("nothing on the first screen moves when the tools' controls arrive", async ({ page }) => {
      // Held back past the first screen's readiness, as a slow network would: if the tools' row pushed the palette
      // down as it arrived, a click aimed at a colour would land on the swatch that moved under the pointer.
      const toolControls = await holdToolControls(page);
      await openDrawingPage(page);
      await expect(page.getByRole("button", { name: "Zoom in", exact: true })).toHaveCount(0);
      const before = await controlBoxes(page);
      toolControls.release();
      await expect(page.getByRole("button", { name: "Zoom in", exact: true })).toBeVisible();
      const after = await controlBoxes(page);
      const moved = Object.keys(before).filter((name) => after[name] !== before[name]);
      expect(
        moved.map((name) => `${name}: ${before[name]} -> ${after[name]}`),
        "x y width height",
      ).toEqual([]);
    });

    if (screen.everyTool) {
      test("a tool's options open in view, and Save stays in view", async ({ page }) => {
        await openDrawingPage(page);
        await expectToolOptionsInView(page);
      });
    }

    test("the first screen looks as designed", async ({ page, launchServer }) => {
      // A server of its own, so the wall peeking in at the bottom is the same empty wall every run.
      const server = await launchServer({});
      await page.goto(server.url);
      await waitForStillFirstScreen(page);
      await expect(page).toHaveScreenshot(`first-screen-${screen.name}.png`, {
        animations: "disabled",
        caret: "hide",
        maxDiffPixelRatio: 0.01,
      });
    });

    if (screen.touch) {
      test("every tool, link and Copy is a target a finger can hit (44 x 44 CSS px at least)", async ({
        page,
      }) => {
        await openDrawingPage(page);
        const targets = {
          ...everyToolButton(page),
          Profile: page.getByRole("link", { name: /^Profile\b/ }),
          Community: page.getByRole("link", { name: /^Community\b/ }),
          Copy: page.getByRole("button", { name: "Copy", exact: true }),
        };
        for (const [name, locator] of Object.entries(targets)) {
          const box = await boxOf(locator);
          expect(box.width, `${name} width`).toBeGreaterThanOrEqual(FINGER_TARGET);
          expect(box.height, `${name} height`).toBeGreaterThanOrEqual(FINGER_TARGET);
        }
      });

      test("a tapped tool keeps a readable label (no hover left behind) and the Shortcuts button is not offered", async ({
        page,
      }) => {
        await openDrawingPage(page);
        const eraser = page.getByRole("button", { name: "Eraser", exact: true });
        const untouched = await labelContrast(page.getByRole("button", { name: "Clear", exact: true }));
        await eraser.tap();
        await expect(eraser).toHaveAttribute("aria-pressed", "true");
        expect(await labelContrast(eraser)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        expect(untouched).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        // Where no keyboard is likely, keyboard-only help is not offered.
        await expect(page.getByRole("button", { name: "Shortcuts", exact: true })).toBeHidden();
      });
    } else {
      test("a pressed tool keeps a readable label hovered and focused, and shows a ring, not Save's fill", async ({
        page,
      }) => {
        await openDrawingPage(page);
        const eraser = page.getByRole("button", { name: "Eraser", exact: true });
        await eraser.click();
        await expect(eraser).toHaveAttribute("aria-pressed", "true");
        await eraser.hover();
        expect(await labelContrast(eraser), "pressed and hovered").toBeGreaterThanOrEqual(TEXT_CONTRAST);
        await page.mouse.move(0, 0);
        await eraser.focus();
        expect(await labelContrast(eraser), "pressed and focused").toBeGreaterThanOrEqual(TEXT_CONTRAST);
        const look = (name: string) =>
          page.getByRole("button", { name, exact: true }).evaluate((element) => {
            const style = getComputedStyle(element);
            return { background: style.backgroundColor, ring: style.boxShadow };
          });
        const pressed = await look("Eraser");
        const save = await look("Save Image");
        expect(pressed.background, "the current tool is not filled like Save").not.toBe(save.background);
        expect(pressed.ring, "the current tool wears a ring").toMatch(/inset/);
        await expect(page.getByRole("button", { name: "Shortcuts", exact: true })).toBeVisible();
      });
    }
  });
}

// A touch tablet gets the desktop's panel beside a smaller canvas, with touch-sized targets: the shortest and
// narrowest panel there is.
test.describe("at 820x1180 (touch, panel beside the canvas)", () => {
  test.use({ viewport: { width: 820, height: 1180 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test("no colour or size is cut off by the panel, and a tool's options open in view with Save", async ({
    page,
  }) => {
    await openDrawingPage(page);
    const panel = await boxOf(page.locator(".panel"));
    for (const [name, locator] of Object.entries(everyToolButton(page))) {
      const box = await boxOf(locator);
      expect(box.x, `${name} left`).toBeGreaterThanOrEqual(panel.x);
      expect(box.x + box.width, `${name} right`).toBeLessThanOrEqual(panel.x + panel.width);
    }
    await expectToolOptionsInView(page);
  });
});
