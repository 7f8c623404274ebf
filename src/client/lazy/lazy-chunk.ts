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
 * Wraps a chunk's bare `import()` (e.g. `() => import("./X.tsx")`): the bundler wraps that expression to
 * preload the chunk's stylesheet, and only handlers chained outside the wrapper, as here, also see a
 * stylesheet that cannot be preloaded.
 */
export function lazyChunk<Module>(importChunk: () => Promise<Module>): LazyChunk<Module> {
  let loading: Promise<Module> | null = null;
  const load = (): Promise<Module> => {
    loading ??= importChunk().catch((error: unknown) => {
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
