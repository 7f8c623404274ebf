import { createHash, randomBytes } from "node:crypto";
import type { ModerationSettings } from "../config.ts";
import type { Store } from "../db/open.ts";
import { validateDrawingPng } from "../png/validate.ts";
import type { MakingToCheck } from "../png/validation-messages.ts";
import { keyUsedForOtherImage } from "./idempotency.ts";
import { insertTogether } from "./insert-together.ts";
import { checkMakingStart, withPlayableMaking } from "./making-start.ts";
import type { NewDrawing, StoredDrawing } from "./queries.ts";
import { withVisibleOriginal } from "./remix-of.ts";
import type { SaveTimeline } from "./save-timeline.ts";
import { withSignature } from "./signature.ts";

// The one save path behind every upload route (/api/drawings and the Supabase-compatible
// /rest/v1/drawings), so validation, idempotency and moderation can never differ between them.

/** The Supabase-compatible (PostgREST-shaped) insert path. */
export const REST_DRAWINGS_PATH = "/rest/v1/drawings";
/** A stored drawing, and whether this request stored it ("created") or a retry found it ("replayed"). */
export interface SaveOutcome {
  readonly kind: "created" | "replayed";
  readonly record: StoredDrawing;
}

/** Post-moderation shows a save at once; pre-moderation keeps it for a moderator. */
export type ModerationMode = ModerationSettings["mode"];

/** What one save uploads: the PNG, and the drawing's log when its page sent one (with the stickers it may use). */
export interface UploadedDrawing {
  readonly png: Buffer;
  readonly making?: MakingToCheck | undefined;
}

/**
 * Validates an uploaded PNG and its making (throws the 4xx HttpError naming the problem), gives it an id and the
 * status the moderation mode asks for. `timeline` (the request's, from /metrics) records where the time went.
 */
export async function prepareDrawing(
  { png, making }: UploadedDrawing,
  mode: ModerationMode,
  timeline?: SaveTimeline,
): Promise<NewDrawing> {
  const verdict = await validateDrawingPng(png, undefined, making);
  timeline?.mark("validate");
  const sha256 = createHash("sha256").update(png).digest("hex");
  // The log's bytes are stored as they came (gzipped or not); its thread hashed them (check-making.ts).
  const checked =
    making === undefined || verdict === undefined
      ? undefined
      : { bytes: asStoredBytes(making.bytes), sha256: verdict.sha256, start: verdict.start };
  timeline?.mark("hash");
  const status = mode === "pre" ? "pending" : "visible";
  const id = randomBytes(9).toString("base64url");
  return { id, png, sha256, createdAt: new Date(), status, making: checked };
}

/** The log's bytes as a Buffer over the same memory (the upload's own copy, uploads.ts): no second copy. */
function asStoredBytes(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Stores a prepared drawing, at most once per idempotency key; a key already used for another image
 * is the 409. Resolves only once the row is committed (SQLite: WAL fsynced), so a 201 survives a kill,
 * and once the new drawing is announced in this process (its walls told, the jobs woken; other processes hear
 * of it through PostgreSQL's NOTIFY, which the save does not wait for). A replay was announced by its first
 * request.
 */
export async function storeDrawing(
  store: Store,
  given: NewDrawing,
  key: string | undefined,
  timeline?: SaveTimeline,
): Promise<SaveOutcome> {
  const original = await withVisibleOriginal(store.db, given);
  const drawing = withPlayableMaking(await withSignature(store.db, original));
  const outcome = await insertTogether(store, drawing, key);
  timeline?.mark("store");
  if (outcome.kind === "key_used_for_other_image") throw keyUsedForOtherImage();
  if (outcome.kind === "created") {
    const { id, createdAt, status, remixOf, credit, promptId } = outcome.record;
    await store.events.publish({
      type: "added",
      drawing: { id, createdAt, remixOf, credit, promptId, making: drawing.making !== undefined },
      visible: status === "visible",
    });
    timeline?.mark("announce");
  }
  return outcome;
}

/** What an upload says about its drawing besides the picture (each kept only when allowed: storeDrawing). */
export type DrawingClaims = Pick<NewDrawing, "remixOf" | "credit" | "promptId" | "saverHash">;

/**
 * Validates and stores one uploaded PNG with its making, both or neither; outcome.record.status says whether it
 * is public yet. `claims` name the drawing it remixes (kept when that one is on the wall; a making must start
 * from it: checkMakingStart), its name, the prompt it enters and the saving browser.
 */
export async function saveDrawing(
  store: Store,
  upload: UploadedDrawing,
  key: string | undefined,
  mode: ModerationMode,
  timeline?: SaveTimeline,
  claims: DrawingClaims = {},
): Promise<SaveOutcome> {
  const prepared = await prepareDrawing(upload, mode, timeline);
  checkMakingStart(prepared.making, claims.remixOf);
  return storeDrawing(store, { ...prepared, ...claims }, key, timeline);
}
