import { afterAll, beforeAll } from "vitest";

/**
 * Opens what `open` makes before the enclosing describe block's tests and closes it after them, so a block says
 * what it tests against in one line. The object answers for the one opened, which does not exist yet when the
 * block's body runs: read it inside tests and hooks only. `openTimeoutMs` is for what opens slower than a hook may.
 */
export function openForBlock<Opened extends { close(): unknown }>(
  open: () => Promise<Opened>,
  openTimeoutMs?: number,
): Opened {
  let opened: Opened | undefined;
  beforeAll(async () => {
    opened = await open();
  }, openTimeoutMs);
  afterAll(async () => {
    await opened?.close();
  });
  return new Proxy({} as Opened, {
    get: (_target, key) => {
      if (opened === undefined)
        throw new Error("the describe block's resource opens in beforeAll, before its tests");
      return Reflect.get(opened, key);
    },
  });
}
