/** The visitor's last custom colours, remembered on this device (localStorage), newest first. */

/** How many recent custom colours are kept and shown. */
export const RECENT_COLOUR_COUNT = 5;

const STORAGE_KEY = "fanvas:recent-colours";
const HEX = /^#[0-9a-f]{6}$/;

/** `colour` (#rrggbb) first, then the others without it, at most RECENT_COLOUR_COUNT. */
export function withRecent(recent: readonly string[], colour: string): string[] {
  const normal = colour.toLowerCase();
  return [normal, ...recent.filter((each) => each !== normal)].slice(0, RECENT_COLOUR_COUNT);
}

/** The remembered colours; an empty list when there are none, storage is blocked, or the value is not ours. */
export function readRecentColours(storage: Pick<Storage, "getItem"> | null = safeStorage()): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((each): each is string => typeof each === "string" && HEX.test(each))
      .slice(0, RECENT_COLOUR_COUNT);
  } catch {
    return [];
  }
}

/** Remembers the list; a blocked or full storage just means it is not remembered. */
export function writeRecentColours(
  recent: readonly string[],
  storage: Pick<Storage, "setItem"> | null = safeStorage(),
): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(recent));
  } catch {
    // Private modes may refuse storage; the colours still work for this visit.
  }
}

/** localStorage, or null where reading the property itself throws (storage disabled). */
function safeStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
