import { HttpError } from "../http/errors.ts";

/** The header a client sends so that a retried save never stores a second row. */
export const IDEMPOTENCY_HEADER = "idempotency-key";
/** 1 to 200 visible ASCII characters: room for a UUID or a client's own scheme, never whitespace. */
const VALID_KEY = /^[\x21-\x7e]{1,200}$/;

/** The request's Idempotency-Key, undefined when it sent none; a malformed key is a 400. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header === "string" && VALID_KEY.test(header)) return header;
  throw new HttpError(
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
