import { lazyChunk } from "../lazy/lazy-chunk.ts";

/** The board's extras (extras.ts), one chunk shared by the panel, the board and its keys. */
export const boardExtras = lazyChunk(() => import("./extras.ts"));
