/** The wall's list as names and prompts change it: a name taken off or blocked, the places of a prompt's top three. */
import type { GalleryItem } from "../../common/api.ts";
import { creditKey } from "../../common/credit.ts";

/** The drawing shows `name` now (null: a moderator took it off); the same list when it is not shown. */
export function withName(
  items: readonly GalleryItem[],
  id: string,
  name: string | null,
): readonly GalleryItem[] {
  if (!items.some((item) => item.id === id && item.name !== name)) return items;
  return items.map((item) => (item.id === id ? { ...item, name } : item));
}

/** No drawing shows a name of this key any more (a moderator blocked it). */
export function withoutBlockedName(items: readonly GalleryItem[], key: string): readonly GalleryItem[] {
  const blocked = (item: GalleryItem) => item.name !== null && creditKey(item.name) === key;
  if (!items.some(blocked)) return items;
  return items.map((item) => (blocked(item) ? { ...item, name: null } : item));
}

/** Places 1, 2 and 3 by drawing id, from the ended prompts' winners (first place first). */
export function placesOf(winners: readonly (readonly string[])[]): ReadonlyMap<string, number> {
  return new Map(winners.flatMap((ids) => ids.map((id, index): [string, number] => [id, index + 1])));
}
