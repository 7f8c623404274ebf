/**
 * The page's one way to load code later: everything past the drawing tool (the save pipeline, the backup, the
 * wall, sharing, supabase-js) sits in its own chunk, fetched once the tool has settled or when first needed, so
 * it never competes with the tool's first paint or first stroke, and a chunk that cannot load never breaks it.
 */
/** A module in its own chunk. */
export interface LazyChunk<Module> {
  /**
   * The module. Every caller shares one download; a failed download (offline, a deploy replaced the chunk) is
   * forgotten, so the next call fetches it again instead of failing for the rest of the visit.
   */
  readonly load: () => Promise<Module>;
  /** Fetches the chunk once the page has settled (see whenPageSettles); a failure is left for `load` to retry. */
  readonly prefetchWhenSettled: () => () => void;
}

/**
 * Resolves in a task of its own. A chunk's download starts there: the bundler's preload of its files (a link
 * element per file) costs a few milliseconds, which would otherwise lengthen the task that asked for the chunk
 * (the page's module evaluation, a React commit) into a long one on a slow phone. Its module, once evaluated,
 * is handed over in a task of its own too, so what the caller does with it (mount the engine, bind the keys)
 * never shares a task with the evaluation.
 */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve));
const inNextTask = <Value>(value: Value): Promise<Value> => nextTask().then(() => value);

/** Imports a module by its address; the page's is the browser's own `import()`. */
export type ImportByAddress = (address: string) => Promise<unknown>;

const importByAddress: ImportByAddress = (address) => import(/* @vite-ignore */ address);

/**
 * Wraps a chunk's bare `import()` (e.g. `() => import("./X.tsx")`): the bundler wraps that expression to
 * preload the chunk's stylesheet, and only handlers chained outside the wrapper, as here, also see a
 * stylesheet that cannot be preloaded.
 *
 * A browser keeps a module whose download failed as failed for the whole visit (Chromium does: importing the
 * same address again fails at once, without a request), so a retry imports the address the failure named with
 * a query of its own, which the browser sees as a module not yet tried. Its own imports keep their addresses,
 * so every module the page already has is shared, never loaded twice.
 */
export function lazyChunk<Module>(
  importChunk: () => Promise<Module>,
  importAgain: ImportByAddress = importByAddress,
  origin: string = globalThis.location?.origin ?? "",
): LazyChunk<Module> {
  let loading: Promise<Module> | null = null;
  let failedAddress: string | null = null;
  let retries = 0;
  const download = (): Promise<Module> =>
    failedAddress === null
      ? importChunk()
      : (importAgain(`${failedAddress}?retry=${++retries}`) as Promise<Module>);
  const load = (): Promise<Module> => {
    loading ??= nextTask()
      .then(download)
      .then(inNextTask)
      .catch((error: unknown) => {
        failedAddress = failedModuleAddress(error, origin) ?? failedAddress;
        loading = null;
        throw error;
      });
    return loading;
  };
  return {
    load,
    prefetchWhenSettled: () => whenPageSettles(() => void load().catch(() => undefined)),
  };
}

/**
 * The same-origin script address a failed dynamic import names in its message ("Failed to fetch dynamically
 * imported module: https://…/assets/x-1a2b.js" in Chromium, "error loading dynamically imported module: …" in
 * Firefox), or null where it names none (Safari) or another origin's.
 */
export function failedModuleAddress(error: unknown, origin: string): string | null {
  const message = error instanceof Error ? error.message : "";
  const address = /https?:\/\/[^\s?#]+\.js\b/.exec(message)?.[0];
  if (address === undefined || origin === "" || new URL(address).origin !== origin) return null;
  return address;
}

/**
 * Calls `task` once the window has loaded (the tool's code and background image are in) and the main thread is
 * idle, or at the latest `maxWaitMs` after load. Returns a function that cancels it.
 */
export function whenPageSettles(task: () => void, maxWaitMs = 2000): () => void {
  let cancelled = false;
  const run = (): void => {
    if (!cancelled) task();
  };
  // Safari has no requestIdleCallback; a short timeout after load is the next best moment.
  const schedule = (): void => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: maxWaitMs });
    else setTimeout(run, 50);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", schedule);
  };
}
