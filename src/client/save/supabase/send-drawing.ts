/** Which uploader the save queue uses: our server's, or in the static build a Supabase project's. */
import { CONSOLE_MESSAGES } from "../../../common/constants.ts";
import { lazyChunk } from "../../lazy/lazy-chunk.ts";
import type { AttemptVerdict } from "../classify-answer.ts";
import type { QueuedSave } from "../queue-storage.ts";
import { uploadDrawing } from "../upload-drawing.ts";

/** supabase-js on demand: the static build's uploader lives in its own chunk, off the page's first load. */
const supabaseUploader = lazyChunk(() => import("./supabase-upload.ts"));

/** One attempt through supabase-js; a chunk that cannot be fetched (offline) is a failed request, retried. */
async function uploadViaSupabase(item: QueuedSave): Promise<AttemptVerdict> {
  let uploader: typeof import("./supabase-upload.ts");
  try {
    uploader = await supabaseUploader.load();
  } catch (error) {
    console.error(CONSOLE_MESSAGES.saveRequestFailed, error);
    return { kind: "retry", retryAfterMs: undefined };
  }
  return uploader.uploadToSupabase(item);
}

/**
 * One upload attempt. `import.meta.env.MODE` is a constant of each build, so the default build keeps only
 * uploadDrawing and never carries supabase-js.
 */
export const sendDrawing: (item: QueuedSave) => Promise<AttemptVerdict> =
  import.meta.env.MODE === "static" ? uploadViaSupabase : uploadDrawing;

/**
 * Fetches the uploader's code now, while the page has just loaded and is surely online, so a save made
 * offline later is not stuck behind a module the browser could not fetch. Nothing in the default build.
 */
export function prepareDrawingSender(): void {
  if (import.meta.env.MODE === "static") void supabaseUploader.load().catch(() => undefined);
}
