import { CAPTION_FAMILY } from "./caption-layout.ts";
import fontUrl from "./font/anton-caption.woff2?url";

let loading: Promise<void> | null = null;
let loaded = false;
/** Whether a load has ended, loaded or failed: captions are then painted in the face they will be shown in. */
let settled = false;

/** Whether the caption face is in (until then captions are measured and shown in the fallback face). */
export function isCaptionFontLoaded(): boolean {
  return loaded;
}

/** Whether a load of the face has ended, whether or not it loaded (the device's face then stands in). */
export function captionFontSettled(): boolean {
  return settled;
}

/**
 * Loads the caption face once (14 KB, fetched the first time Text is used) and registers it for both the
 * text field and the canvas. A failed load is forgotten so the next caption tries again; meanwhile captions
 * fall back to the device's sans-serif.
 */
export function loadCaptionFont(): Promise<void> {
  loading ??= (async () => {
    const face = new FontFace(CAPTION_FAMILY, `url(${fontUrl}) format("woff2")`);
    document.fonts.add(await face.load());
    loaded = true;
    settled = true;
  })().catch((error: unknown) => {
    loading = null;
    settled = true;
    console.warn("Fanvas: the caption font could not be loaded; captions use the device's font.", error);
  });
  return loading;
}
