import { CAPTION_FAMILY } from "./caption-layout.ts";
import fontUrl from "./font/anton-caption.woff2?url";
import cyrillicUrl from "./font/oswald-cyrillic-caption.woff2?url";

/**
 * Anton has no Cyrillic: Oswald Bold's Cyrillic (6.7 KB) joins the caption's family for those letters only, a
 * condensed bold of the same poster kind, scaled so its capitals stand as tall as Anton's (Anton's cap height is
 * 0.859 em, Oswald's 0.81), so a Russian or Ukrainian meme reads as loud as a Latin one.
 */
const CYRILLIC = {
  unicodeRange: "U+0301, U+0400-045F, U+0490-0491, U+04B0-04B1, U+2116",
  sizeAdjust: "106%",
};

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
 * Loads the caption faces once (21 KB, fetched the first time Text is used) and registers it for both the
 * text field and the canvas. A failed load is forgotten so the next caption tries again; meanwhile captions
 * fall back to the device's sans-serif.
 */
export function loadCaptionFont(): Promise<void> {
  loading ??= (async () => {
    const faces = await Promise.all([
      new FontFace(CAPTION_FAMILY, `url(${fontUrl}) format("woff2")`).load(),
      new FontFace(CAPTION_FAMILY, `url(${cyrillicUrl}) format("woff2")`, CYRILLIC).load(),
    ]);
    for (const face of faces) document.fonts.add(face);
    loaded = true;
    settled = true;
  })().catch((error: unknown) => {
    loading = null;
    settled = true;
    console.warn("Fanvas: the caption font could not be loaded; captions use the device's font.", error);
  });
  return loading;
}
