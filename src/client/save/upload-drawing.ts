/** One upload attempt of a queued drawing, with the spec's console messages on failure. */
import { DRAWINGS_PATH } from "../../common/api.ts";
import { CONSOLE_MESSAGES } from "../../common/constants.ts";
import { SAVE_BUNDLE_TYPE, saveBundleHeader } from "../../common/save-bundle.ts";
import { type AttemptVerdict, classifyAnswer, type UploadAnswer } from "./classify-answer.ts";
import { type QueuedSave, setClaims } from "./queue-storage.ts";
import { isApiError } from "./save-checks.ts";

/** An attempt that hangs longer than this is abandoned and retried, so one stuck request cannot stall the queue. */
export const UPLOAD_TIMEOUT_MS = 60_000;

/**
 * POSTs the drawing under the item's Idempotency-Key, so a retry of a save that did arrive gets the stored
 * drawing back instead of a copy: with its making, as a save bundle (the PNG and the log in one body, stored
 * together or not at all); without one, the PNG as raw bytes (smaller than base64 JSON; the server checks the
 * bytes, not our MIME type). A server that refuses the making (or knows no bundle: an older one answers 415)
 * gets the PNG alone in the same attempt, so a drawing is never lost to its timelapse. Never rejects: a request
 * that fails logs "Failed to save drawing", an error answer "Error saving to database".
 */
export async function uploadDrawing(item: QueuedSave): Promise<AttemptVerdict> {
  let answer: UploadAnswer;
  try {
    answer = await post(item, item.making);
    if (item.making !== undefined && refusesMaking(answer)) {
      console.warn(
        "Fanvas: the server did not take this drawing's timelapse; saving the picture alone.",
        answer.body,
      );
      answer = await post(item, undefined);
    }
  } catch (error) {
    console.error(CONSOLE_MESSAGES.saveRequestFailed, error);
    return { kind: "retry", retryAfterMs: undefined };
  }
  const verdict = classifyAnswer(answer, Date.now());
  if (verdict.kind === "saved") console.info("Drawing saved", verdict.drawing);
  else console.error(CONSOLE_MESSAGES.serverRejectedSave, answer.body);
  return verdict;
}

async function post(item: QueuedSave, making: QueuedSave["making"]): Promise<UploadAnswer> {
  // What it claims besides its picture rides in the query, whichever body carries the picture.
  const claims = new URLSearchParams(
    setClaims({ remixOf: item.remixOf, name: item.name, prompt: item.prompt }),
  );
  const query = claims.size === 0 ? "" : `?${claims}`;
  // The bundle is put together from its parts: the PNG's and the log's Blobs (kept by the queue, perhaps on
  // disk) are sent as they are, never read into memory or copied.
  const body =
    making === undefined ? item.blob : new Blob([saveBundleHeader(item.blob.size), item.blob, making]);
  const response = await fetch(`${DRAWINGS_PATH}${query}`, {
    method: "POST",
    headers: {
      "Content-Type": making === undefined ? "image/png" : SAVE_BUNDLE_TYPE,
      Accept: "application/json",
      "Idempotency-Key": item.key,
    },
    body,
    cache: "no-store",
    signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
  });
  // Reading the body can fail too (the connection dropped mid-answer): that is a failed request.
  return {
    status: response.status,
    retryAfter: response.headers.get("Retry-After"),
    body: parseBody(await response.text()),
  };
}

/** Codes of a refusal that is about the making or its bundle, never the picture (docs/decisions/0025). */
const MAKING_REFUSALS = /^(making_|not_a_bundle$|unknown_bundle_version$|bad_bundle$)/;

/** Whether the answer refuses the making rather than the drawing: the picture alone may still be stored. */
function refusesMaking(answer: UploadAnswer): boolean {
  if (answer.status === 415) return true;
  const { status, body } = answer;
  return status >= 400 && status < 500 && isApiError(body) && MAKING_REFUSALS.test(body.code);
}

/** The JSON body, or its text when it is not JSON (a proxy's error page). */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
