import { createHash, randomBytes } from "node:crypto";
import type { ModerationSettings } from "../config.ts";
import type { Store } from "../db/open.ts";
import { makingStart } from "../making/check-making.ts";
import { isGzipped } from "../making/gzip-making.ts";
import { validateDrawingPng } from "../png/validate.ts";
import type { MakingToCheck } from "../png/validation-messages.ts";
import { checkMakingOnThread } from "../png/validation-pool.ts";
import { keyUsedForOtherImage } from "./idempotency.ts";
import { insertTogether } from "./insert-together.ts";
import { checkMakingStart, withPlayableMaking } from "./making-start.ts";
import {
  type CheckedMaking,
  deleteUnannouncedDrawing,
  type KeyedSaveOutcome,
  type NewDrawing,
  type StoredDrawing,
} from "./queries.ts";
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

/** A drawing ready to store, and its log's whole check when that is still running (see prepareSave). */
export interface PreparedSave {
  readonly drawing: NewDrawing;
  /** Passes once the log's whole check has, or rejects with its refusal (the 4xx HttpError). */
  readonly makingCheck?: Promise<unknown> | undefined;
}

/**
 * Validates an uploaded PNG and its making (throws the 4xx HttpError naming the problem), gives it an id and the
 * status the moderation mode asks for. The picture is checked first, then where its log starts (its first bytes),
 * and the log's whole check is started and left running: storeDrawing awaits it beside its commit's flush, the one
 * stretch of a save with no CPU work, so the check no longer slows the picture's (decision 0035). A gzipped log,
 * which no page of ours sends, is checked whole beside the picture, before storing. `timeline` (the request's,
 * from /metrics) records where the time went.
 */
export async function prepareSave(
  { png, making }: UploadedDrawing,
  mode: ModerationMode,
  timeline?: SaveTimeline,
): Promise<PreparedSave> {
  if (making !== undefined && isGzipped(making.bytes)) {
    const verdict = await validateDrawingPng(png, undefined, making);
    timeline?.mark("validate");
    // The log's bytes are stored as they came, gzipped; its thread hashed them (check-making.ts).
    const checked = verdict && {
      bytes: asStoredBytes(making.bytes),
      sha256: verdict.sha256,
      start: verdict.start,
    };
    return { drawing: newDrawing(png, mode, checked, timeline) };
  }
  await validateDrawingPng(png);
  timeline?.mark("validate");
  if (making === undefined) return { drawing: newDrawing(png, mode, undefined, timeline) };
  const start = makingStart(making.bytes);
  const makingCheck = checkMakingOnThread(making);
  // Handled now, awaited by storeDrawing: a save refused before it stores never waits for the check.
  makingCheck.catch(() => undefined);
  const bytes = asStoredBytes(making.bytes);
  const checked = { bytes, sha256: createHash("sha256").update(bytes).digest("hex"), start };
  return { drawing: newDrawing(png, mode, checked, timeline), makingCheck };
}

/** prepareSave's drawing once its log's whole check has passed: for an insert that stores several (REST). */
export async function prepareDrawing(
  upload: UploadedDrawing,
  mode: ModerationMode,
  timeline?: SaveTimeline,
): Promise<NewDrawing> {
  const { drawing, makingCheck } = await prepareSave(upload, mode, timeline);
  await makingCheck;
  return drawing;
}

/** A checked PNG and its making as a new drawing: its hash, a fresh id, the status `mode` asks for. */
function newDrawing(
  png: Buffer,
  mode: ModerationMode,
  making: CheckedMaking | undefined,
  timeline: SaveTimeline | undefined,
): NewDrawing {
  const sha256 = createHash("sha256").update(png).digest("hex");
  timeline?.mark("hash");
  const status = mode === "pre" ? "pending" : "visible";
  const id = randomBytes(9).toString("base64url");
  return { id, png, sha256, createdAt: new Date(), status, making };
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
  makingCheck?: Promise<unknown>,
): Promise<SaveOutcome> {
  const original = await withVisibleOriginal(store.db, given);
  const drawing = withPlayableMaking(await withSignature(store.db, original));
  const outcome = await insertTogether(store, drawing, key);
  if (makingCheck !== undefined) await settleMakingCheck(store, outcome, makingCheck);
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
  const { drawing, makingCheck } = await prepareSave(upload, mode, timeline);
  checkMakingStart(drawing.making, claims.remixOf);
  return storeDrawing(store, { ...drawing, ...claims }, key, timeline, makingCheck);
}

/**
 * Logs being checked after their drawing's commit, by drawing id, until the save answers: an idempotent retry that
 * finds the drawing stored waits for its check too, and is never told "stored" of a drawing about to be taken back.
 */
const checksAfterCommit = new Map<string, Promise<unknown>>();

/**
 * Awaits a log's whole check that ran beside its drawing's commit. A log it refuses takes the drawing it just stored
 * back out, unannounced, before the refusal is answered: a save is its picture and its log, or nothing.
 */
async function settleMakingCheck(
  store: Store,
  outcome: KeyedSaveOutcome,
  makingCheck: Promise<unknown>,
): Promise<void> {
  if (outcome.kind !== "created") {
    await makingCheck;
    if (outcome.kind === "replayed") await checksAfterCommit.get(outcome.record.id);
    return;
  }
  const { id } = outcome.record;
  checksAfterCommit.set(id, makingCheck);
  try {
    await makingCheck;
  } catch (refusal) {
    await deleteUnannouncedDrawing(store.db, id);
    throw refusal;
  } finally {
    checksAfterCommit.delete(id);
  }
}
