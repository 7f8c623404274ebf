import { CAPTION_FAMILY } from "./caption-layout.ts";
import fontUrl from "./font/anton-caption.woff2?url";

let loading: Promise<void> | null = null;
let loaded = false;

/** Whether the caption face is in (until then captions are measured and shown in the fallback face). */
export function isCaptionFontLoaded(): boolean {
  return loaded;
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
  })().catch((error: unknown) => {
    loading = null;
    console.warn("Fanvas: the caption font could not be loaded; captions use the device's font.", error);
  });
  return loading;
}
