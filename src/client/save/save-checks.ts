/**
 * The save's checks of the server's answer, against the wire schemas POST /api/drawings answers by
 * (src/common/wire), through validators compiled from them (`npm run wire`). A value that passes holds the shape
 * and no more: fields the schema does not name are dropped.
 */
import type { ApiError, SavedDrawing } from "../../common/api.ts";
import * as checks from "./save-checks.generated.js";

export const isApiError = (value: unknown): value is ApiError => checks.isApiError(value);
export const isSavedDrawing = (value: unknown): value is SavedDrawing => checks.isSavedDrawing(value);
/** What proves a save whatever else the answer holds: an id, the PNG's path on this server, and its time. */
export const isStoredDrawing = (value: unknown): value is Pick<SavedDrawing, "id" | "url" | "createdAt"> =>
  checks.isStoredDrawing(value);
