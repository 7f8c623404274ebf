/** The page's save callback: stores a drawing on our server. */
import type { ApiError, SavedDrawing } from "../../common/api.ts";
import { DRAWINGS_PATH } from "../../common/api.ts";
import { CONSOLE_MESSAGES } from "../../common/constants.ts";
import { dataUrlToBlob } from "./png-data.ts";

/** Reads an error answer's body: the server's JSON error when it sent one, else its text. */
async function readErrorBody(response: Response): Promise<ApiError | string> {
  const text = await response.text().catch(() => "");
  try {
    return JSON.parse(text) as ApiError;
  } catch {
    return text || `HTTP ${response.status}`;
  }
}

/**
 * POSTs the PNG as raw bytes (smaller than base64 JSON, and the server checks the bytes, not our MIME type).
 * Logs the spec's console messages on failure and rejects, so the caller can tell the visitor.
 */
export async function storeDrawing(pngDataUrl: string): Promise<SavedDrawing | null> {
  let response: Response;
  try {
    response = await fetch(DRAWINGS_PATH, {
      method: "POST",
      headers: { "Content-Type": "image/png", Accept: "application/json" },
      body: dataUrlToBlob(pngDataUrl),
    });
  } catch (error) {
    console.error(CONSOLE_MESSAGES.saveRequestFailed, error);
    throw error;
  }
  if (!response.ok) {
    const body = await readErrorBody(response);
    console.error(CONSOLE_MESSAGES.serverRejectedSave, body);
    throw new Error(`The server refused the drawing (HTTP ${response.status})`);
  }
  // A 2xx means stored; an unreadable body only costs us the log line.
  const saved = (await response.json().catch(() => null)) as SavedDrawing | null;
  console.info("Drawing saved", saved);
  return saved;
}
