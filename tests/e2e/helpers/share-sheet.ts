import type { Page } from "@playwright/test";

/** What the page handed the share sheet, per file. */
export interface SharedFile {
  readonly name: string;
  readonly type: string;
  readonly size: number;
  /** The post's text that came with it. */
  readonly text: string;
}

/**
 * Headless Chromium has no share sheet: a stand-in, installed before the page's scripts, says files can be
 * shared and records each one the page hands it (read with sharedFiles and sharedBytes).
 */
export async function standInShareSheet(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const files: unknown[] = [];
    const bytes: Promise<number[]>[] = [];
    Object.assign(window, { sharedFiles: files, sharedBytes: bytes });
    Object.defineProperty(navigator, "canShare", { value: () => true, configurable: true });
    Object.defineProperty(navigator, "share", {
      configurable: true,
      value: async (data: ShareData) => {
        // Recorded as it is handed over; the bytes are read apart, for sharedBytes to wait on.
        for (const file of data.files ?? []) {
          files.push({ name: file.name, type: file.type, size: file.size, text: data.text ?? "" });
          bytes.push(file.arrayBuffer().then((buffer) => [...new Uint8Array(buffer)]));
        }
      },
    });
  });
}

/** The files the page shared so far, in order. */
export function sharedFiles(page: Page): Promise<SharedFile[]> {
  return page.evaluate(() => (window as unknown as { sharedFiles: SharedFile[] }).sharedFiles);
}

/** The bytes of the `index`th file the page shared. */
export async function sharedBytes(page: Page, index: number): Promise<Uint8Array> {
  const all = await page.evaluate(() =>
    Promise.all((window as unknown as { sharedBytes: Promise<number[]>[] }).sharedBytes),
  );
  return Uint8Array.from(all[index] ?? []);
}
