/**
 * The pictures this browser stored, by the identity of their PNG bytes, so a Save of a picture already on the
 * wall shows that drawing instead of storing a copy. Kept on this device (localStorage), so a reload, which
 * restores the picture on screen, still knows it.
 */
import type { SavedDrawingStatus } from "../../common/api.ts";

/** A drawing the server stored for a picture. */
export interface StoredPicture {
  readonly id: string;
  readonly url: string;
  readonly status: SavedDrawingStatus;
  /**
   * The name it was signed with and the prompt it entered, as stored (null: none; absent: remembered before
   * names existed). A picture is stored once: Save again shows these, whatever "Sign it" says now.
   */
  readonly name?: string | null;
  readonly prompt?: string | null;
}

/** Enough to cover undoing back through a session's saves; older pictures save as new. */
export const STORED_PICTURES_KEPT = 20;

const STORAGE_KEY = "fanvas:stored-pictures";
/** This visit's, also where the device keeps nothing (storage blocked or full). */
const storedThisVisit = new Map<string, StoredPicture>();

/**
 * The identity of a picture: its exported PNG's length and SHA-256. The same pixels encode to the same bytes
 * in one browser, so an undo back to a saved picture, or the picture a reload restored, is that picture again.
 * Where the page is not a secure context (plain HTTP on another host than localhost, which has no
 * crypto.subtle) a 53-bit mixing hash stands in: these are only this browser's own pictures, compared with each
 * other, so nobody can aim at a collision.
 */
export async function pictureIdentity(png: Blob): Promise<string> {
  const bytes = new Uint8Array(await png.arrayBuffer());
  const subtle = globalThis.crypto?.subtle;
  if (subtle === undefined) return `mix:${bytes.length}:${mixingHash(bytes)}`;
  const digest = new Uint8Array(await subtle.digest("SHA-256", bytes));
  return `sha256:${bytes.length}:${Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/** The drawing stored for this picture, if this browser stored it. */
export function findStoredPicture(
  identity: string,
  storage: Pick<Storage, "getItem"> | null = safeStorage(),
): StoredPicture | undefined {
  return (
    storedThisVisit.get(identity) ??
    readEntries(storage).find((entry) => entry.identity === identity)?.picture
  );
}

/** Remembers the drawing stored for this picture, newest first; a blocked or full storage remembers nothing. */
export function rememberStoredPicture(
  identity: string,
  picture: StoredPicture,
  storage: (Pick<Storage, "getItem"> & Pick<Storage, "setItem">) | null = safeStorage(),
): void {
  storedThisVisit.set(identity, picture);
  const others = readEntries(storage).filter((entry) => entry.identity !== identity);
  const entries = [{ identity, picture }, ...others].slice(0, STORED_PICTURES_KEPT);
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(entries));
  } catch {
    // Private modes may refuse storage; the picture is still known for this visit.
  }
}

interface Entry {
  readonly identity: string;
  readonly picture: StoredPicture;
}

function readEntries(storage: Pick<Storage, "getItem"> | null): Entry[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function isEntry(value: unknown): value is Entry {
  const { identity, picture } = (value ?? {}) as { identity?: unknown; picture?: Partial<StoredPicture> };
  return (
    typeof identity === "string" &&
    typeof picture?.id === "string" &&
    typeof picture.url === "string" &&
    (picture.status === "visible" || picture.status === "pending")
  );
}

/** cyrb53 (bryc, public domain): two 32-bit multiply-xor lanes folded into 53 bits, as hex. */
function mixingHash(bytes: Uint8Array): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (const byte of bytes) {
    h1 = Math.imul(h1 ^ byte, 2654435761);
    h2 = Math.imul(h2 ^ byte, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
}

/** localStorage, or null where reading the property itself throws (storage disabled). */
function safeStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
