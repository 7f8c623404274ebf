/** Deferring extras until the drawing tool is up, so they never compete with its first paint or first stroke. */

/**
 * Calls `task` once the window has loaded (the tool's code and background image are in) and the main thread is
 * idle, or at the latest `maxWaitMs` after load. Returns a function that cancels it.
 */
export function afterPageSettles(task: () => void, maxWaitMs = 2000): () => void {
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
