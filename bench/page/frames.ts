/** Resolves in the next requestAnimationFrame callback, with its frame timestamp. */
export function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(resolve));
}

/**
 * Resolves in a new task posted through a MessageChannel: the channel React's scheduler uses, so work it
 * queued earlier has run first; and a task queued from a frame callback runs after that frame's
 * style, layout, paint and canvas flush.
 */
export function nextTask(): Promise<void> {
  const channel = new MessageChannel();
  return new Promise((resolve) => {
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Wall-clock ms from the start of a frame, where `action` runs, until its result is on screen: the end of
 * that frame's rendering for synchronous canvas work, or of the next frame after `settle` for systems that
 * render later (React) or asynchronous actions (image decoding).
 */
export function timeUntilOnScreen(
  action: () => void | Promise<void>,
  settle: () => Promise<void>,
  paintsLater: boolean,
): Promise<number> {
  return new Promise((resolve, reject) => {
    requestAnimationFrame(async () => {
      try {
        const start = performance.now();
        const result = action();
        const isAsync = result instanceof Promise;
        await result;
        await settle();
        if (isAsync || paintsLater) await nextFrame();
        await nextTask();
        resolve(performance.now() - start);
      } catch (error) {
        reject(error);
      }
    });
  });
}
