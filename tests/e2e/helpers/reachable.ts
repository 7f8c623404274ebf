import { expect, type Locator } from "@playwright/test";

/**
 * What a visitor uses or reads inside a part of the page: every control, label, heading and hint. Whatever a
 * change adds to the panel (another tool's options, another button) is one of these, so it is checked too.
 */
const USED_OR_READ = [
  "button",
  "input",
  "select",
  "textarea",
  "a[href]",
  "[tabindex]:not([tabindex='-1'])",
  "label",
  "legend",
  "h2",
  "p",
  "dt",
  "dd",
  "[role='status']",
].join(", ");

/**
 * Every control, label, heading and hint shown inside `container`, once scrolled to as the keyboard's focus or
 * a visitor's scrolling brings it (scrollIntoView "nearest", in the page and in every scrolling box around
 * it), lies whole in the window and in each scrolling box around it, and nothing covers it: the topmost element
 * at its middle and at four points around the middle is it or inside it (a sticky footer, a fade, a box that
 * clips it, a card over it all fail). Elements hidden from sight (visually hidden labels, 1 px) are left out.
 * Returns how each one that failed failed, for the caller's assertion.
 */
export async function unreachableIn(container: Locator): Promise<string[]> {
  return container.evaluate((root, selector) => {
    const nameOf = (element: Element): string =>
      element.getAttribute("aria-label") ||
      element.textContent?.trim().replace(/\s+/g, " ").slice(0, 40) ||
      `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">`;
    const shown = (element: Element): boolean => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 1 && box.height > 1 && style.visibility !== "hidden" && style.opacity !== "0";
    };
    // The boxes that clip an element: its ancestors with overflow that are in its chain of containing blocks
    // (a box does not clip what is positioned against a block outside it, like the zoom controls under the
    // canvas, which sit in the panel's markup).
    const clippingBoxes = (element: Element): DOMRect[] => {
      const boxes: DOMRect[] = [];
      let position = getComputedStyle(element).position;
      for (let parent = element.parentElement; parent !== null; parent = parent.parentElement) {
        if (parent === document.documentElement || parent === document.body) break;
        const style = getComputedStyle(parent);
        const containsPositioned = style.position !== "static" || style.transform !== "none";
        if (position === "fixed" && style.transform === "none") continue;
        if (position === "absolute" && !containsPositioned) continue;
        position = style.position;
        // An element shown as its children alone (display: contents) has no box to clip with.
        if (style.display === "contents") continue;
        if (style.overflowX !== "visible" || style.overflowY !== "visible") {
          const box = parent.getBoundingClientRect();
          const left = box.left + parent.clientLeft;
          const top = box.top + parent.clientTop;
          boxes.push(new DOMRect(left, top, parent.clientWidth, parent.clientHeight));
        }
      }
      return boxes;
    };
    const problems: string[] = [];
    for (const element of root.querySelectorAll(selector)) {
      if (!shown(element)) continue;
      element.scrollIntoView({ block: "nearest", inline: "nearest" });
      const box = element.getBoundingClientRect();
      const name = nameOf(element);
      const within = (outer: DOMRect) =>
        box.left >= outer.left - 0.5 &&
        box.top >= outer.top - 0.5 &&
        box.right <= outer.right + 0.5 &&
        box.bottom <= outer.bottom + 0.5;
      if (!within(new DOMRect(0, 0, innerWidth, innerHeight))) {
        problems.push(`${name}: not whole in the window (${box.top.toFixed(0)}..${box.bottom.toFixed(0)})`);
        continue;
      }
      if (!clippingBoxes(element).every(within)) {
        problems.push(`${name}: cut off by a box around it`);
        continue;
      }
      for (const [fx, fy] of [
        [0.5, 0.5],
        [0.25, 0.25],
        [0.75, 0.25],
        [0.25, 0.75],
        [0.75, 0.75],
      ] as const) {
        const top = document.elementFromPoint(box.left + box.width * fx, box.top + box.height * fy);
        if (top === element || (top !== null && element.contains(top))) continue;
        const coveredBy = top === null ? "nothing" : nameOf(top);
        problems.push(`${name}: covered at (${fx}, ${fy}) by ${coveredBy}`);
        break;
      }
    }
    return problems;
  }, USED_OR_READ);
}

/** Asserts unreachableIn finds nothing in `container`. */
export async function expectAllReachable(container: Locator, what: string): Promise<void> {
  expect(
    await unreachableIn(container),
    `${what}: covered, cut off or out of the window once scrolled to`,
  ).toEqual([]);
}
