import { hostSecretOfHash } from "../../common/rooms/room-links.ts";
import { cleanName } from "../../common/rooms/room-messages.ts";

// What a browser keeps about rooms: the host's secret of each room it made or was handed (the host link's
// #host=..., taken out of the address bar once kept, so a screenshot or a copied address does not pass it on),
// and the name its visitor chose, for every room.

const HOST_KEY = (id: string) => `fanvas-room-host:${id}`;
const NAME_KEY = "fanvas-room-name";

/** Keeps the host's secret of room `id`. */
export function keepHostSecret(id: string, secret: string): void {
  try {
    localStorage.setItem(HOST_KEY(id), secret);
  } catch {
    // Storage refused (private mode): the secret lives in the host link only.
  }
}

/** The host's secret of room `id` this browser keeps, if any. */
export function hostSecretOf(id: string): string | undefined {
  try {
    return localStorage.getItem(HOST_KEY(id)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The name this visitor chose for rooms, if any. */
export function savedName(): string | undefined {
  try {
    return cleanName(localStorage.getItem(NAME_KEY)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the name this visitor chose. */
export function saveName(name: string): void {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    // Not kept: the room still shows it for this visit.
  }
}

/** A host link's secret is kept by the browser and taken out of the address bar before anything is shown. */
export function takeHostLink(id: string): void {
  const secret = hostSecretOfHash(window.location.hash);
  if (secret === undefined) return;
  keepHostSecret(id, secret);
  history.replaceState(history.state, "", window.location.pathname + window.location.search);
}
