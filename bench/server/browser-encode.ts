import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/helpers/chromium.ts";

/**
 * The same pictures as the page would upload them: Chromium's canvas encoder, which writes both the
 * `toBlob` bytes our page sends and the spec's `toDataURL` string. The stored-bytes figure compares with
 * that data URL, so the uploads must come from the browser's encoder, not from sharp's.
 */
export async function encodeLikeTheBrowser(pngs: readonly Buffer[]): Promise<Buffer[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const page = await browser.newPage();
    const encoded: Buffer[] = [];
    for (const png of pngs) {
      const base64 = await page.evaluate(async (source: string) => {
        const blob = await (await fetch(`data:image/png;base64,${source}`)).blob();
        const bitmap = await createImageBitmap(blob);
        const canvas = document.createElement("canvas");
        canvas.width = bitmap.width;
        canvas.height = bitmap.height;
        canvas.getContext("2d")?.drawImage(bitmap, 0, 0);
        return canvas.toDataURL("image/png").slice("data:image/png;base64,".length);
      }, png.toString("base64"));
      encoded.push(Buffer.from(base64, "base64"));
    }
    return encoded;
  } finally {
    await browser.close();
  }
}
