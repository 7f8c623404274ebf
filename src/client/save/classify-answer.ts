/** What an upload attempt's outcome means for the queued drawing: done, try again, or give up. */
import type { SavedDrawing } from "../../common/api.ts";
import { parseRetryAfter } from "./retry-after.ts";
import { isApiError, isSavedDrawing, isStoredDrawing } from "./save-checks.ts";

/**
 * A stored drawing as the queue needs it: our server's answer, or nothing of it where the store is not ours (the
 * static build's Supabase table has no image address or permalink of ours), so the page offers no View link
 * and no sharing there.
 */
export type StoredDrawing = Partial<SavedDrawing>;

/** The verdict on one upload attempt. */
export type AttemptVerdict =
  /** Stored (201) or already stored under this key (200): remove it from the queue. */
  | { readonly kind: "saved"; readonly drawing: StoredDrawing }
  /** A passing problem (network, 5xx, 408, 429, an answer we cannot read): keep it and try again. */
  | { readonly kind: "retry"; readonly retryAfterMs: number | undefined }
  /** The server refuses this drawing itself (400, 413, 415, ...): sending it again cannot help. */
  | { readonly kind: "refused"; readonly message: string }
  /** 409: the key already stored another image — a bug on our side; the item is dropped and logged. */
  | { readonly kind: "conflict"; readonly message: string };

/** What the attempt got back, as plain values (no Response object, so this stays testable in Node). */
export interface UploadAnswer {
  readonly status: number;
  /** The parsed JSON body, or the text when it was not JSON. */
  readonly body: unknown;
  readonly retryAfter: string | null;
}

/** Statuses that say "not now" rather than "not this": timeout, too early, rate limit. */
const TRANSIENT_CLIENT_ERRORS = new Set([408, 425, 429]);

const REFUSED_FALLBACK = "The server did not accept this drawing.";

/** Classifies an HTTP answer to a save. A network failure (no answer at all) is always "retry". */
export function classifyAnswer(answer: UploadAnswer, now: number): AttemptVerdict {
  const { status, body } = answer;
  if (status === 200 || status === 201) {
    // A captive portal or a proxy can answer 200 with its own page: only our body proves the save. A retry
    // with the same key is harmless, and gets the stored drawing back if it was stored after all.
    const drawing = storedDrawingOf(body);
    return drawing === undefined ? retry(undefined) : { kind: "saved", drawing };
  }
  if (status === 409) return { kind: "conflict", message: errorMessage(body) };
  if (status >= 400 && status < 500 && !TRANSIENT_CLIENT_ERRORS.has(status)) {
    return { kind: "refused", message: errorMessage(body) };
  }
  // 5xx, 408/425/429 and anything unexpected (1xx, 3xx, other 2xx): the drawing itself was not judged.
  return retry(parseRetryAfter(answer.retryAfter, now));
}

/**
 * The drawing a 200/201 answer proves stored: the whole answer when it is a SavedDrawing by the wire schema;
 * else, when it still carries what proves the save (id, path, time: a server of another version, whose status
 * may be one this page does not know), just that, so such an answer never turns a stored drawing into an endless
 * retry. Undefined when the body is not our answer at all.
 */
function storedDrawingOf(body: unknown): StoredDrawing | undefined {
  if (isSavedDrawing(body)) return body;
  if (!isStoredDrawing(body)) return undefined;
  const { id, url, createdAt } = body;
  return { id, url, createdAt };
}

function retry(retryAfterMs: number | undefined): AttemptVerdict {
  return { kind: "retry", retryAfterMs };
}

/** The ApiError's message for a person, or a generic sentence when the body is not one. */
function errorMessage(body: unknown): string {
  const message = isApiError(body) ? body.message.trim() : "";
  return message === "" ? REFUSED_FALLBACK : message;
}
