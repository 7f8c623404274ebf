import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { readStoredEditing } from "./helpers/backup.ts";
import { expectUncovered } from "./helpers/layout.ts";
import { drawingCanvas, openDrawingPage } from "./helpers/page.ts";
import { expectAllReachable } from "./helpers/reachable.ts";

// Nothing in the tool panel is ever covered or out of reach, whatever the window's size and whichever tool's
// options are open: each control and hint is whole and uncovered once scrolled to (helpers/reachable.ts), and
// beside the canvas the tools, the open tool's options and Save are all in view as they open, without scrolling.

/** Window sizes from the smallest phone to a large desktop, the ones between included. */
const SIZES = [
  { width: 360, height: 640, touch: true },
  { width: 800, height: 700, touch: false },
  { width: 1024, height: 768, touch: false },
  { width: 1366, height: 768, touch: false },
  { width: 1920, height: 1080, touch: false },
  { width: 2560, height: 1440, touch: false },
] as const;

/** A button by its exact accessible name. */
function button(page: Page, name: string): Locator {
  return page.getByRole("button", { name, exact: true });
}

/**
 * Asserts each of `controls` is on the screen as it is, uncovered, with the page at its top (where the checks
 * before may have scrolled it) and the panel as it scrolled itself, if at all.
 */
async function expectInViewAsOpened(page: Page, what: string, controls: readonly Locator[]): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const [index, control] of controls.entries()) {
    await expect(control, `${what}: control ${index + 1}`).toBeVisible();
    await expectUncovered(page, `${what}: control ${index + 1}`, control);
  }
}

for (const size of SIZES) {
  test.describe(`at ${size.width}x${size.height}${size.touch ? " (touch)" : ""}`, () => {
    test.use({
      viewport: { width: size.width, height: size.height },
      isMobile: size.touch,
      hasTouch: size.touch,
      deviceScaleFactor: size.touch ? 2 : 1,
    });
    // Beside the canvas (800 px and wider) the tools, the options and Save must all be seen as a tool opens; a
    // phone's dock runs below its first screen, where the page scrolls.
    const besideCanvas = size.width >= 800;
    const panelOf = (page: Page) => page.locator(".panel");
    const always = (page: Page) => [
      button(page, "Brush"),
      button(page, "Eraser"),
      button(page, "Save Image"),
    ];

    test("every control and hint of the panel is reachable and uncovered, with each tool's options open", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await openDrawingPage(page);
      await expect(button(page, "Text")).toBeEnabled();
      if (besideCanvas) await expectInViewAsOpened(page, "as the page opens", always(page));
      await expectAllReachable(panelOf(page), "as the page opens");

      // A caption being typed.
      await button(page, "Text").click();
      const field = page.getByRole("textbox", { name: "Caption text" });
      await expect(field).toBeFocused();
      await page.keyboard.type("TOP TEXT");
      const caption = page.getByRole("region", { name: "Caption" });
      if (besideCanvas) {
        await expectInViewAsOpened(page, "a caption open", [
          ...always(page),
          button(page, "Text"),
          ...(await caption.getByRole("button").all()),
          caption.getByRole("slider"),
          caption.locator(".tool-panel__help"),
        ]);
      }
      await expectAllReachable(panelOf(page), "a caption open");

      // Back after a reload, the caption being typed comes with its tool and its options.
      await expect.poll(() => readStoredEditing(page)).toMatchObject({ kind: "caption" });
      await page.reload();
      await expect(drawingCanvas(page)).toHaveAttribute("data-ready", "true");
      await expect(field).toHaveValue("TOP TEXT");
      if (besideCanvas) {
        await expectInViewAsOpened(page, "a caption back after a reload", [
          ...always(page),
          ...(await caption.getByRole("button").all()),
          caption.locator(".tool-panel__help"),
        ]);
      }
      await expectAllReachable(panelOf(page), "a caption back after a reload");
      await caption.getByRole("button", { name: "Cancel", exact: true }).click();

      // The stickers, then one placed.
      await button(page, "Stickers").click();
      const stickers = page.getByRole("region", { name: "Stickers" });
      const choices = stickers.getByRole("button");
      await expect(choices.first()).toBeVisible();
      if (besideCanvas) {
        await expectInViewAsOpened(page, "the stickers open", [
          ...always(page),
          choices.first(),
          stickers.locator(".tool-panel__help"),
        ]);
      }
      await expectAllReachable(panelOf(page), "the stickers open");
      await choices.first().click();
      await drawingCanvas(page).click();
      await expect(button(page, "Done")).toBeVisible();
      if (besideCanvas) {
        await expectInViewAsOpened(page, "a sticker placed", [
          ...always(page),
          button(page, "Done"),
          button(page, "Cancel"),
          stickers.locator(".tool-panel__help"),
        ]);
      }
      await expectAllReachable(panelOf(page), "a sticker placed");
    });

    test("the Shortcuts help opens whole, in view, every line reachable, and Escape closes it back to its button", async ({
      page,
    }) => {
      await openDrawingPage(page);
      const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
      const toggle = button(page, "Shortcuts");
      if (size.touch) {
        // No Shortcuts button where no keyboard is likely; a keyboard's "?" opens the help.
        await page.keyboard.press("?");
      } else {
        await toggle.click();
      }
      await expect(help).toBeVisible();
      const box = await help.boundingBox();
      expect(box, "the help has a box").not.toBeNull();
      if (box === null) return;
      expect(box.y, "its top in the window").toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, "its bottom in the window").toBeLessThanOrEqual(size.height + 0.5);
      expect(box.x, "its left in the window").toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, "its right in the window").toBeLessThanOrEqual(size.width + 0.5);
      await expectUncovered(page, "the help's heading", help.getByRole("heading"));
      await expectAllReachable(help, "the Shortcuts help");

      await page.keyboard.press("Escape");
      await expect(help).toBeHidden();
      if (!size.touch) await expect(toggle).toBeFocused();
    });
  });
}
