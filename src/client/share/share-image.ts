/**
 * Handing the picture itself on, not only its link: the system share sheet with the PNG file (phones, some
 * desktops) and the clipboard as an image (desktop browsers). Framework-free, so the drawing page's save sheet
 * and the permalink page's script use the same code.
 */

/** What a browser that will not copy the picture is told to do instead. */
export const COPY_IMAGE_REFUSED =
  "This browser would not copy the picture. Download it instead, or copy it from the picture's own menu (right-click it, or press and hold it).";

/** How handing the picture on went. */
export type ImageHandOff = "done" | "cancelled" | "refused";

/** True when the browser's share sheet takes this PNG file. */
export function canShareImage(file: File): boolean {
  try {
    return typeof navigator.canShare === "function" && navigator.canShare({ files: [file] });
  } catch {
    return false;
  }
}

/**
 * True where the share sheet is the way people pass a picture on and is offered first: a touch screen whose
 * browser shares files. A desktop copies the picture instead.
 */
export function shareSheetFirst(file: File): boolean {
  return matchMedia("(pointer: coarse)").matches && canShareImage(file);
}

/** Opens the share sheet with the PNG and the post's text; closing the sheet is the visitor's choice. Never rejects. */
export async function shareImage(file: File, text: string): Promise<ImageHandOff> {
  try {
    await navigator.share({ files: [file], text });
    return "done";
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") return "cancelled";
    console.warn("Fanvas: sharing failed", error);
    return "refused";
  }
}

/**
 * Puts the PNG on the clipboard as an image. `png` may be a promise of the bytes: Safari wants the clipboard
 * item made within the click, with the bytes promised, and Chromium takes either. Never rejects.
 */
export async function copyImage(png: Blob | Promise<Blob>): Promise<ImageHandOff> {
  if (typeof ClipboardItem === "undefined" || typeof navigator.clipboard?.write !== "function") {
    return "refused";
  }
  try {
    await navigator.clipboard.write([new ClipboardItem({ "image/png": png })]);
    return "done";
  } catch {
    // No permission, no focus, or no image support: the visitor is told what to do instead.
    return "refused";
  }
}
