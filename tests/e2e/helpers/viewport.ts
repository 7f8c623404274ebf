import type { Page } from "@playwright/test";

/** Where the page is scrolled to and how far it is zoomed. */
export interface ViewState {
  readonly scrollX: number;
  readonly scrollY: number;
  readonly zoom: number;
  readonly visualLeft: number;
  readonly visualTop: number;
}

/**
 * Reads the scroll position and pinch zoom after three animation frames, so a scroll or zoom that the browser
 * started from the touches just sent has been applied.
 */
export function viewState(page: Page): Promise<ViewState> {
  return page.evaluate(async () => {
    for (let i = 0; i < 3; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    const visual = window.visualViewport;
    return {
      scrollX: window.scrollX,
      scrollY: window.scrollY,
      zoom: visual?.scale ?? 1,
      visualLeft: visual?.pageLeft ?? window.scrollX,
      visualTop: visual?.pageTop ?? window.scrollY,
    };
  });
}

/** Makes the page taller than the screen, so a touch that scrolled it could not go unnoticed. */
export async function makePageScrollable(page: Page): Promise<void> {
  await page.evaluate(() => {
    const spacer = document.createElement("div");
    spacer.id = "e2e-spacer";
    spacer.style.height = "2000px";
    document.body.append(spacer);
  });
}
