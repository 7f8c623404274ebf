import { useEffect, useRef } from "react";
import { lazyChunk } from "../lazy/lazy-chunk.ts";

// The timelapse's code (painters, player, video) is a chunk of its own, fetched once the sheet is open.
const videoChunk = lazyChunk(() => import("../timelapse/sheet-video.ts"));

/** Props: this tab's making and PNG of the drawing just saved, and the post a shared video goes with. */
export interface SheetVideoProps {
  readonly making: Uint8Array;
  readonly png: Blob;
  readonly shareText: string;
}

/** Download video (and Share video on phones) for the drawing just saved; nothing where it cannot be made. */
export function SheetVideo({ making, png, shareText }: SheetVideoProps) {
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let cancelled = false;
    void videoChunk
      .load()
      .then((module) => module.sheetVideoActions(making, png, shareText))
      .then((actions) => {
        if (!cancelled && actions !== null) slot.current?.replaceChildren(actions);
      })
      .catch((error: unknown) => console.warn("Fanvas: the timelapse video is not offered.", error));
    return () => {
      cancelled = true;
    };
  }, [making, png, shareText]);
  return <div className="sheet__video" ref={slot} />;
}
