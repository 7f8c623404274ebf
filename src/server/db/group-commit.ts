/**
 * Runs work in batches: an item that arrives while nothing is in flight goes at once, alone; items that arrive
 * while a batch is in flight wait and go together in the next one (at most `maxBatch` of them). Each item's
 * promise settles with its own entry of what `flush` returns for its batch, or with the batch's error if
 * `flush` throws. This is group commit: one round trip, one transaction and one flush for everything that
 * queued up behind the previous one, and no added wait when the store is idle
 * (docs/decisions/0011-group-commit.md).
 */
export function groupCommit<Item, Result>(
  flush: (items: readonly Item[]) => Promise<readonly PromiseSettledResult<Result>[]>,
  maxBatch: number = Number.POSITIVE_INFINITY,
): (item: Item) => Promise<Result> {
  interface Waiting {
    readonly item: Item;
    readonly resolve: (result: Result) => void;
    readonly reject: (error: unknown) => void;
  }
  const queued: Waiting[] = [];
  let flushing = false;

  async function drain(): Promise<void> {
    flushing = true;
    while (queued.length > 0) {
      const batch = queued.splice(0, maxBatch);
      try {
        const results = await flush(batch.map((waiting) => waiting.item));
        for (const [index, waiting] of batch.entries()) settle(waiting, results[index]);
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    flushing = false;
  }

  function settle(waiting: Waiting, result: PromiseSettledResult<Result> | undefined): void {
    if (result === undefined) waiting.reject(new Error("group commit: the batch gave no result for an item"));
    else if (result.status === "fulfilled") waiting.resolve(result.value);
    else waiting.reject(result.reason);
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      queued.push({ item, resolve, reject });
      if (!flushing) void drain();
    });
}

/**
 * Tests only (FANVAS_TEST_COMMIT_HOLD_MS): says on stderr that a commit of `writes` is durable and its answers
 * are held for `ms`; the crash and group-commit tests wait for this line before they kill the server.
 */
export function logCommitHold(writes: number, ms: number): void {
  console.error(`FANVAS_TEST_COMMIT_HOLD_MS: committed ${writes} writes together; answering in ${ms} ms`);
}
