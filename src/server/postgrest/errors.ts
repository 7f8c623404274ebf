import type { FastifyInstance } from "fastify";
import type { ApiError } from "../../common/api.ts";

/** The error body PostgREST sends, which supabase-js hands to the caller as `error`. */
export interface PostgrestError {
  readonly code: string;
  readonly message: string;
  readonly details: string | null;
  readonly hint: string | null;
}

/**
 * PostgREST's (or PostgreSQL's) own code for each Fanvas ApiError code: PGRST1xx for request errors,
 * SQLSTATEs where the database would have refused the row. Unlisted codes keep their Fanvas name.
 */
const POSTGREST_CODES: Readonly<Record<string, string>> = {
  bad_json: "PGRST102",
  empty_body: "PGRST102",
  unsupported_media_type: "PGRST107",
  not_acceptable: "PGRST107",
  unknown_field: "PGRST204",
  unknown_column: "42703",
  missing_field: "23502",
  server_column: "428C9",
  bad_data_url: "22023",
  not_png: "22023",
  truncated_png: "22023",
  undecodable_png: "22023",
  wrong_size: "22023",
  unsupported_png: "22023",
  animated_png: "22023",
  trailing_data: "22023",
  image_data_mismatch: "22023",
  too_much_image_data: "22023",
  too_large: "54000",
  too_many_rows: "54000",
  idempotency_key_reused: "23505",
  bad_idempotency_key: "22023",
  rows_not_one: "PGRST116",
  not_found: "PGRST205",
};

/** The PostgREST body for an ApiError; `details` keeps the Fanvas code for scripts and logs. */
function toPostgrestError(error: ApiError): PostgrestError {
  return {
    code: POSTGREST_CODES[error.code] ?? error.code,
    message: error.message,
    details: `fanvas:${error.code}`,
    hint: null,
  };
}

/**
 * Rewrites every ApiError answer of this plugin's routes, wherever it came from (validation, the body
 * parser, the rate limit, a failing store), into PostgREST's shape, so supabase-js reads its message.
 */
export function answerErrorsAsPostgrest(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== "string") return payload;
    const parsed = parseApiError(payload);
    return parsed === undefined ? payload : JSON.stringify(toPostgrestError(parsed));
  });
}

function parseApiError(payload: string): ApiError | undefined {
  try {
    const body: unknown = JSON.parse(payload);
    if (typeof body !== "object" || body === null) return undefined;
    const { statusCode, code, message } = body as Record<string, unknown>;
    if (typeof statusCode !== "number" || typeof code !== "string" || typeof message !== "string") {
      return undefined;
    }
    return { statusCode, code, message };
  } catch {
    return undefined;
  }
}
