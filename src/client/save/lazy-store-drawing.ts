/**
 * The save pipeline (queue, IndexedDB, uploader, retries) is loaded after the drawing tool, not with it: the
 * first screen only needs the canvas, and a visitor needs seconds before the first Save. Loading starts when
 * the page has loaded, and a Save made before that simply waits for the module.
 */
import { loadOnce } from "../load-once.ts";
import type { SaveContext } from "./save-callback.ts";

const loadPipeline = loadOnce(() => import("./store-drawing.ts"));

/** Loads the pipeline and sends what an earlier visit left queued; call once the page has loaded. */
export function startSaveQueueSoon(): void {
  void loadPipeline().then((module) => module.startSaveQueue());
}

/** The page's save callback, as in store-drawing.ts, behind the lazy load. */
export async function storeDrawing(pngDataUrl: string, context: SaveContext): Promise<void> {
  const module = await loadPipeline();
  await module.storeDrawing(pngDataUrl, context);
}
