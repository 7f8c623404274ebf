import type { ApiError } from "../../common/api.ts";
import type { ErrorAnswer } from "../http/errors.ts";

/** The error body PostgREST sends, which supabase-js hands to the caller as `error`. */
export interface PostgrestError {
  readonly code: string;
  readonly message: string;
  readonly details: string | null;
  readonly hint: string | null;
}

/**
 * PostgREST's (or PostgreSQL's) own code for a Fanvas refusal of the request around the image: PGRST1xx for
 * request errors, SQLSTATEs where the database would have refused the row. Refusals of the image itself are
 * 22023 (invalid value) without being listed here; anything else keeps its Fanvas name.
 */
const POSTGREST_CODES: Readonly<Record<ApiError["code"], string>> = {
  bad_json: "PGRST102",
  empty_body: "PGRST102",
  unsupported_media_type: "PGRST107",
  not_acceptable: "PGRST107",
  unknown_field: "PGRST204",
  unknown_column: "42703",
  column_repeated: "PGRST100",
  bad_select: "PGRST100",
  missing_field: "23502",
  server_column: "428C9",
  too_large: "54000",
  too_many_rows: "54000",
  idempotency_key_reused: "23505",
  bad_idempotency_key: "22023",
  bad_remix_of: "22023",
  // A name or prompt a CHECK constraint of Supabase's table (supabase/schema.sql) would refuse.
  bad_name: "23514",
  bad_prompt: "23514",
  rows_not_one: "PGRST116",
  not_found: "PGRST205",
  cross_site: "42501",
};

/** The PostgREST family's answer: its error body; `details` keeps the Fanvas code for scripts and logs. */
export const answerPostgrest: ErrorAnswer = (refusal, _request, reply) => {
  const body: PostgrestError = {
    code: POSTGREST_CODES[refusal.code] ?? (refusal.imageRefused ? "22023" : refusal.code),
    message: refusal.message,
    details: `fanvas:${refusal.code}`,
    hint: null,
  };
  return reply.type("application/json; charset=utf-8").send(body);
};
