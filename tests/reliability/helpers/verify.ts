import type { StoreConfig } from "../../../src/server/config.ts";
import { openStore, type Store } from "../../../src/server/db/open.ts";
import { countDrawings, findDrawingImage } from "../../../src/server/drawings/queries.ts";
import { decodeRgba } from "../../../src/server/png/reencode.ts";
import { drawingPixels } from "./drawings.ts";
import type { SaveAnswer } from "./saves.ts";

/** Acknowledged saves whose row is missing or whose stored PNG does not decode to the pixels sent. */
export async function brokenSaves(store: Store, acknowledged: readonly SaveAnswer[]): Promise<string[]> {
  const problems: string[] = [];
  for (let start = 0; start < acknowledged.length; start += 16) {
    const batch = acknowledged.slice(start, start + 16).map(async (answer) => {
      const id = answer.saved?.id ?? "";
      const image = await findDrawingImage(store.db, id);
      if (image === undefined) return `save ${answer.index} (${id}): no row`;
      const pixels = await decodeRgba(image.bytes).catch(() => undefined);
      if (pixels === undefined) return `save ${answer.index} (${id}): stored PNG does not decode`;
      return pixels.equals(drawingPixels(answer.index))
        ? undefined
        : `save ${answer.index} (${id}): pixels differ`;
    });
    for (const problem of await Promise.all(batch)) if (problem !== undefined) problems.push(problem);
  }
  return problems;
}

/** What a store holds after a run: how many drawings, and which acknowledged saves are broken (brokenSaves). */
export async function storedAfter(
  config: StoreConfig,
  acknowledged: readonly SaveAnswer[],
): Promise<{ readonly drawings: number; readonly broken: string[] }> {
  return readStore(config, async (store) => ({
    drawings: await countDrawings(store.db),
    broken: await brokenSaves(store, acknowledged),
  }));
}

/** Runs `read` on a connection of its own to the store at `config`, closed after whatever `read` does. */
export async function readStore<T>(config: StoreConfig, read: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(config);
  try {
    return await read(store);
  } finally {
    await store.close();
  }
}
