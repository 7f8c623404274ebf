/** One upload attempt of a queued drawing, with the spec's console messages on failure. */
import { DRAWINGS_PATH } from "../../common/api.ts";
import { CONSOLE_MESSAGES } from "../../common/constants.ts";
import { type AttemptVerdict, classifyAnswer } from "./classify-answer.ts";
import { type QueuedSave, setClaims } from "./queue-storage.ts";

/** An attempt that hangs longer than this is abandoned and retried, so one stuck request cannot stall the queue. */
export const UPLOAD_TIMEOUT_MS = 60_000;

/**
 * POSTs the PNG as raw bytes (smaller than base64 JSON; the server checks the bytes, not our MIME type) under the
 * item's Idempotency-Key, so a retry of a save that did arrive gets the stored drawing back instead of a copy.
 * Never rejects: a request that fails logs "Failed to save drawing", an error answer "Error saving to database".
 */
export async function uploadDrawing(item: QueuedSave): Promise<AttemptVerdict> {
  let status: number;
  let retryAfter: string | null;
  let body: unknown;
  try {
    const claims = new URLSearchParams(
      setClaims({ remixOf: item.remixOf, name: item.name, prompt: item.prompt }),
    );
    const query = claims.size === 0 ? "" : `?${claims}`;
    const response = await fetch(`${DRAWINGS_PATH}${query}`, {
      method: "POST",
      headers: { "Content-Type": "image/png", Accept: "application/json", "Idempotency-Key": item.key },
      body: item.blob,
      cache: "no-store",
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
    status = response.status;
    retryAfter = response.headers.get("Retry-After");
    // Reading the body can fail too (the connection dropped mid-answer): that is a failed request.
    body = parseBody(await response.text());
  } catch (error) {
    console.error(CONSOLE_MESSAGES.saveRequestFailed, error);
    return { kind: "retry", retryAfterMs: undefined };
  }
  const verdict = classifyAnswer({ status, body, retryAfter }, Date.now());
  if (verdict.kind === "saved") console.info("Drawing saved", verdict.drawing);
  else console.error(CONSOLE_MESSAGES.serverRejectedSave, body);
  return verdict;
}

/** The JSON body, or its text when it is not JSON (a proxy's error page). */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
