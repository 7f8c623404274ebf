import { Suspense, useEffect } from "react";
import { lazyChunk } from "../lazy/lazy-chunk.ts";
import { lazyView } from "../lazy/lazy-view.ts";
import type { SavedStatus } from "./save-status.ts";

// The sheet is its own chunk (with sharing and its stylesheet), fetched once the tool has settled, so the first
// load carries only the drawing tool; a chunk that cannot load leaves the status chip to say "Saved".
const sheetChunk = lazyChunk(() => import("./SaveSheet.tsx"));
const SaveSheet = lazyView(sheetChunk, (module) => module.SaveSheet);

/** Props of the sheet shown after a stored save. */
export interface SaveSheetSlotProps {
  /** The stored save the sheet is about; null while no sheet is open. */
  readonly saved: SavedStatus | null;
  readonly downloadPrefix: string;
  readonly onClose: () => void;
}

/** Where the moment of saving appears: the sheet with the drawing and what to do with it. */
export function SaveSheetSlot({ saved, downloadPrefix, onClose }: SaveSheetSlotProps) {
  useEffect(() => sheetChunk.prefetchWhenSettled(), []);
  if (saved === null) return null;
  return (
    <Suspense fallback={null}>
      <SaveSheet saved={saved} downloadPrefix={downloadPrefix} onClose={onClose} />
    </Suspense>
  );
}
