import { Type } from "typebox";
import { HttpError } from "../http/errors.ts";
import { IDEMPOTENCY_KEY } from "../http/validation.ts";

/** The header a client sends so that a retried save never stores a second row. */
export const IDEMPOTENCY_HEADER = "idempotency-key";

/** The headers schema of both save routes: an optional, well-formed Idempotency-Key. */
export const idempotencyHeaders = Type.Object({ [IDEMPOTENCY_HEADER]: Type.Optional(IDEMPOTENCY_KEY) });

/** The 400 for a malformed key (what the save routes answer when idempotencyHeaders fails). */
export function badIdempotencyKey(): HttpError {
  return new HttpError(
    400,
    "bad_idempotency_key",
    "The Idempotency-Key header must be 1 to 200 visible ASCII characters (no spaces), sent once; a random UUID per drawing is a good key.",
  );
}

/** The 409 for a key that already stored a different image. */
export function keyUsedForOtherImage(): HttpError {
  return new HttpError(
    409,
    "idempotency_key_reused",
    "This Idempotency-Key was already used for another drawing; send a new key with each new drawing and reuse a key only to retry the same image.",
  );
}
