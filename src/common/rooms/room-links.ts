// Where a room lives: /r/<id>, the id 128 random bits in base64url (unguessable: the link is the only key);
// the host's link adds the host's secret after #, which a browser never sends to a server.

/** A room's id. */
export const ROOM_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The room's path on this server. */
export function roomPath(id: string): string {
  return `/r/${id}`;
}

/** The room's id in a path like /r/<id>, or undefined (ROOM_ID_PATTERN, inline: this is in the first bundle). */
export function roomIdOfPath(path: string): string | undefined {
  return /^\/r\/([A-Za-z0-9_-]{22})\/?$/.exec(path)?.[1];
}

/** The host's secret in a link's fragment (#host=...), or undefined. */
export function hostSecretOfHash(hash: string): string | undefined {
  const secret = new URLSearchParams(hash.replace(/^#/, "")).get("host");
  return secret !== null && /^[A-Za-z0-9_-]{16,64}$/.test(secret) ? secret : undefined;
}
