import { readFile } from "node:fs/promises";
import type { Download, Page, Response } from "@playwright/test";
import type { SavedDrawing } from "../../../src/common/api.ts";
import { isUpload } from "./save-queue.ts";

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
  return page.waitForResponse((response) => isUpload(response.request()));
}

/** The URLs of every drawing upload the page sends from now on, as they are sent. */
export function recordUploads(page: Page): string[] {
  const uploads: string[] = [];
  page.on("request", (request) => {
    if (isUpload(request)) uploads.push(request.url());
  });
  return uploads;
}

/** Clicks "Save Image" and returns the drawing the server stored from the upload it sent. */
export async function saveAndStore(page: Page): Promise<SavedDrawing> {
  const upload = nextUpload(page);
  await saveImage(page);
  return (await (await upload).json()) as SavedDrawing;
}

/** Matches the save status region showing the given text. */
export const SAVED_TEXT = /^\s*Saved\s*$/;
export const SAVE_FAILED_TEXT = /Couldn['’]t save — your download is safe/;
