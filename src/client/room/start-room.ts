import { remixIdIn } from "../../common/remix.ts";
import { keepHostSecret } from "./room-keys.ts";

// "Draw together": makes a room on this server, starting from what the board starts from (the mascot, or the
// drawing a remix page remixes), keeps the host's secret in this browser and opens the room's link.

/** Makes a room and goes to it; resolves with what to tell the visitor when that failed. */
export async function startRoom(): Promise<string> {
  const start = remixIdIn(window.location.search) ?? "mascot";
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
  window.location.assign(`/r/${answer.id}`);
  return "";
}
