/** Shapes of the HTTP API shared by the page and the server. */

/** 201 answer of POST /api/drawings. */
export interface SavedDrawing {
  readonly id: string;
  /** Path of the stored PNG on this server, e.g. "/api/drawings/abc123.png". */
  readonly url: string;
  /** ISO 8601 time the drawing was stored. */
  readonly createdAt: string;
}

/** Every 4xx/5xx answer carries this body. */
export interface ApiError {
  readonly statusCode: number;
  /** Short machine-readable name, e.g. "not_png", "wrong_size", "too_large". */
  readonly code: string;
  /** What went wrong and what to do, for a person. */
  readonly message: string;
}

export const DRAWINGS_PATH = "/api/drawings";
