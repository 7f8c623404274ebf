/** supabase-js on demand: the static build's uploader lives in its own chunk, off the page's first load. */
import { CONSOLE_MESSAGES } from "../../../common/constants.ts";
import { loadOnce } from "../../load-once.ts";
import type { AttemptVerdict } from "../classify-answer.ts";
import type { QueuedSave } from "../queue-storage.ts";

type Uploader = typeof import("./supabase-upload.ts");

/** The uploader's module; a failed load is forgotten so the next attempt fetches it again. */
export const loadSupabaseUploader = loadOnce(() => import("./supabase-upload.ts"));

/** One attempt through supabase-js; a chunk that cannot be fetched (offline) is a failed request, retried. */
export async function uploadViaSupabase(item: QueuedSave): Promise<AttemptVerdict> {
  let uploader: Uploader;
  try {
    uploader = await loadSupabaseUploader();
  } catch (error) {
    console.error(CONSOLE_MESSAGES.saveRequestFailed, error);
    return { kind: "retry", retryAfterMs: undefined };
  }
  return uploader.uploadToSupabase(item);
}
