import { encodeDrawing } from "../../common/drawing-document/encode.ts";
import type { DrawingDocument, StartingPicture } from "../../common/drawing-document/types.ts";
import { keepHostSecret } from "./room-keys.ts";

// "Draw together": makes a room on this server from the drawing on the board: the room starts from the drawing's
// starting picture (the mascot, white, or the drawing a remix remixes), and the operations drawn so far are handed
// to the room's page (sessionStorage, this tab only), which adds them to the room as its host's own. Keeps the
// host's secret in this browser and opens the room's link.

const BROUGHT_KEY = (id: string) => `fanvas-room-brought:${id}`;

/** What POST /api/rooms takes as the start. */
function startOf(start: StartingPicture): string {
  return start.kind === "drawing" ? start.id : start.kind;
}

/** Makes a room from `drawing` (null: the mascot, nothing drawn) and goes to it; else what to tell the visitor. */
export async function startRoom(drawing: DrawingDocument | null): Promise<string> {
  const start = drawing === null ? "mascot" : startOf(drawing.start);
  let response: Response;
  try {
    response = await fetch("/api/rooms", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ start }),
    });
  } catch {
    return "Could not reach the server to make a room; check the connection and try again.";
  }
  const answer = (await response.json().catch(() => ({}))) as {
    id?: string;
    hostSecret?: string;
    message?: string;
  };
  if (response.status !== 201 || answer.id === undefined || answer.hostSecret === undefined)
    return answer.message ?? `The server could not make a room (${response.status}); try again later.`;
  keepHostSecret(answer.id, answer.hostSecret);
  if (drawing !== null && drawing.operations.length > 0) bring(answer.id, drawing);
  window.location.assign(`/r/${answer.id}`);
  return "";
}

function bring(id: string, drawing: DrawingDocument): void {
  try {
    sessionStorage.setItem(BROUGHT_KEY(id), btoa(String.fromCharCode(...encodeDrawing(drawing))));
  } catch {
    // Too large for this tab's storage, or refused: the room starts from the drawing's start alone.
  }
}

/** The drawing this tab brought into room `id`, once (its encoded bytes); null when there is none. */
export function takeBrought(id: string): Uint8Array | null {
  try {
    const text = sessionStorage.getItem(BROUGHT_KEY(id));
    sessionStorage.removeItem(BROUGHT_KEY(id));
    return text === null ? null : Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}
