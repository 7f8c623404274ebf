/** Which uploader the save queue uses: our server's, or in the static build a Supabase project's. */
import type { AttemptVerdict } from "../classify-answer.ts";
import type { QueuedSave } from "../queue-storage.ts";
import { uploadDrawing } from "../upload-drawing.ts";
import { loadSupabaseUploader, uploadViaSupabase } from "./lazy-supabase-upload.ts";

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
  if (import.meta.env.MODE === "static") void loadSupabaseUploader().catch(() => undefined);
}
