/** What a supabase-js insert's answer means for the queued drawing: the static build's twin of classifyAnswer. */

import type { AttemptVerdict } from "../classify-answer.ts";
import { parseRetryAfter } from "../retry-after.ts";

/** The parts of a PostgrestSingleResponse the verdict depends on (plain values, so it tests in Node). */
export interface SupabaseAnswer {
  /** HTTP status; supabase-js reports 0 when the request itself failed (offline, CORS, timeout). */
  readonly status: number;
  /** The row read back by `.select().maybeSingle()`; null when none came back (RLS may hide it). */
  readonly data: unknown;
  /** PostgREST's error body ({ message, code, details, hint }), or null. */
  readonly error: { readonly message?: unknown } | null;
  readonly retryAfter: string | null;
}

/** Statuses that say "not now" rather than "not this": timeout, too early, rate limit. */
const TRANSIENT_CLIENT_ERRORS = new Set([408, 425, 429]);

const REFUSED_FALLBACK = "The database did not accept this drawing.";

/**
 * Any 2xx is a stored row: with the anon role's RLS, a project may hide the new row from `.select()` (for
 * example one that queues drawings for review), and then `data` is null though the insert succeeded.
 * 0, 5xx, 408/425/429: try again. 409 (the Idempotency-Key already stored another picture, on a Fanvas
 * server): conflict. Other 4xx (a CHECK, RLS, a wrong key, a missing table): sending again cannot help.
 */
export function classifySupabaseAnswer(answer: SupabaseAnswer, now: number): AttemptVerdict {
  const { status } = answer;
  // The row's id is the Supabase table's, not one our permalinks or image routes know: the page gets none.
  if (status >= 200 && status < 300) return { kind: "saved", drawing: {} };
  if (status === 409) return { kind: "conflict", message: errorMessage(answer.error) };
  if (status >= 400 && status < 500 && !TRANSIENT_CLIENT_ERRORS.has(status)) {
    return { kind: "refused", message: errorMessage(answer.error) };
  }
  return { kind: "retry", retryAfterMs: parseRetryAfter(answer.retryAfter, now) };
}

function errorMessage(error: SupabaseAnswer["error"]): string {
  const message = error?.message;
  return typeof message === "string" && message.trim() !== "" ? message.trim() : REFUSED_FALLBACK;
}
