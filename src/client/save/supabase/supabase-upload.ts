/**
 * The static build's uploader: one attempt stores the queued drawing in a Supabase project's `drawings` table
 * through supabase-js, as the original page did. Loaded lazily and only in `vite build --mode static`.
 */
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { CONSOLE_MESSAGES } from "../../../common/constants.ts";
import type { AttemptVerdict } from "../classify-answer.ts";
import { blobToDataUrl } from "../png-data.ts";
import { type QueuedSave, setClaims } from "../queue-storage.ts";
import { UPLOAD_TIMEOUT_MS } from "../upload-drawing.ts";
import { classifySupabaseAnswer } from "./classify-supabase-answer.ts";

/** The Retry-After of each attempt's answer, by the attempt's own abort signal (supabase-js hides headers). */
const retryAfterBySignal = new WeakMap<AbortSignal, string | null>();

let client: SupabaseClient | null = null;

/** The one client of this page: no session, no auth timers; the anon key is all a visitor has. */
function supabase(): SupabaseClient {
  const url = import.meta.env.VITE_SUPABASE_URL;
  const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY;
  if (!url || !anonKey) {
    // vite.config.ts refuses to build without them; this guards a hand-made bundle.
    throw new Error("This build has no VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY; rebuild with them set.");
  }
  client ??= createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: recordingRetryAfter },
  });
  return client;
}

/** fetch that remembers the answer's Retry-After for the attempt that asked (its signal identifies it). */
async function recordingRetryAfter(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  if (init?.signal) retryAfterBySignal.set(init.signal, response.headers.get("Retry-After"));
  return response;
}

/**
 * Inserts `{ image_data: <PNG data URL> }` (with name, prompt and making when set) and reads the row back
 * (`.select().maybeSingle()`), under the item's Idempotency-Key as a header: a Fanvas server's /rest/v1 honours
 * it (a retry gets the stored row, not a copy); PostgREST ignores it, so on a real Supabase project a retry
 * after a lost answer can store a second copy (at-least-once). Never rejects: a failed request logs "Failed to
 * save drawing", an error answer "Error saving to database".
 */
export async function uploadToSupabase(item: QueuedSave): Promise<AttemptVerdict> {
  const signal = AbortSignal.timeout(UPLOAD_TIMEOUT_MS);
  const imageData = await blobToDataUrl(item.blob);
  // name and prompt only when set: a project whose table predates them (supabase/schema.sql) still stores
  // every unsigned save.
  const claims = setClaims({ name: item.name, prompt: item.prompt });
  const insert = (making: string | undefined) =>
    supabase()
      .from("drawings")
      .insert({ image_data: imageData, ...claims, ...(making === undefined ? {} : { making }) })
      .select()
      .setHeader("Idempotency-Key", item.key)
      .abortSignal(signal)
      .maybeSingle();
  let answer = await insert(
    item.making === undefined ? undefined : base64Of(new Uint8Array(await item.making.arrayBuffer())),
  );
  // A table made before supabase/schema.sql had the optional making column, or one refusing this log: the
  // picture is stored alone.
  if (item.making !== undefined && answer.error !== null && /making/.test(answer.error.message)) {
    console.warn("Fanvas: the table did not take this drawing's timelapse; saving the picture alone.");
    answer = await insert(undefined);
  }
  if (answer.status === 0) {
    console.error(CONSOLE_MESSAGES.saveRequestFailed, answer.error);
    return { kind: "retry", retryAfterMs: undefined };
  }
  const verdict = classifySupabaseAnswer(
    {
      status: answer.status,
      data: answer.data,
      error: answer.error,
      retryAfter: retryAfterBySignal.get(signal) ?? null,
    },
    Date.now(),
  );
  // The row carries the whole image as a data URL: log what identifies it, not megabytes of base64.
  if (verdict.kind === "saved") console.info("Drawing saved", rowSummary(answer.data));
  else console.error(CONSOLE_MESSAGES.serverRejectedSave, answer.error);
  return verdict;
}

/** The making as the table's optional `making` column keeps it: base64 text. */
function base64Of(bytes: Uint8Array): string {
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

/** The inserted row's id and time (the original page logged the answer; the image itself is left out). */
function rowSummary(data: unknown): { id?: unknown; created_at?: unknown } | null {
  if (typeof data !== "object" || data === null) return null;
  const { id, created_at } = data as Record<string, unknown>;
  return { id, created_at };
}
