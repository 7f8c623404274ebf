import { HttpError } from "../http/errors.ts";

/** How every refusal of an upload ends: what to send instead. */
export const SAVE_HINT = "save the 600 x 600 drawing canvas as PNG and send that file unchanged";

/**
 * A refusal of the uploaded image itself (400 unless said otherwise). Marked as such, so the PostgREST route
 * answers every one of them, present and future, as an invalid value (22023) without a list to keep.
 */
export function refuseImage(code: string, message: string, statusCode = 400): HttpError {
  return new HttpError(statusCode, code, message, { imageRefused: true });
}

/** The hint at the start of a sentence. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
