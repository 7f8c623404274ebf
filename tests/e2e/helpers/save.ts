import { readFile } from "node:fs/promises";
import type { Download, Page, Response } from "@playwright/test";
import { DRAWINGS_PATH } from "../../../src/common/api.ts";

/** What one click on "Save Image" produced. */
export interface SaveOutcome {
  readonly download: Download;
  readonly downloadBytes: Uint8Array;
  /** Milliseconds since the epoch just before and just after the click, to bound the file name's timestamp. */
  readonly clickedBetween: readonly [number, number];
}

/** Clicks "Save Image" and collects the download. */
export async function saveImage(page: Page): Promise<SaveOutcome> {
  const downloadEvent = page.waitForEvent("download");
  const before = Date.now();
  await page.getByRole("button", { name: "Save Image", exact: true }).click();
  const download = await downloadEvent;
  const after = Date.now();
  const file = await download.path();
  return { download, downloadBytes: new Uint8Array(await readFile(file)), clickedBetween: [before, after] };
}

/** Waits for the page's upload of a drawing (the next POST to the drawings API). */
export function nextUpload(page: Page): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === DRAWINGS_PATH && response.request().method() === "POST",
  );
}

/** Matches the save status region showing the given text. */
export const SAVED_TEXT = /^\s*Saved\s*$/;
export const SAVE_FAILED_TEXT = /Couldn['’]t save — your download is safe/;
