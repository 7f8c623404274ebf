import { describe, expect, it } from "vitest";
import { groupCommit } from "./group-commit.ts";

/** A flush that records each batch and waits until the test lets it finish. */
function heldFlush() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const flush = async (items: readonly number[]) => {
    batches.push([...items]);
    await new Promise<void>((resolve) => releases.push(resolve));
    return items.map((item): PromiseSettledResult<number> => ({ status: "fulfilled", value: item * 10 }));
  };
  const releaseNext = () => releases.shift()?.();
  return { flush, batches, releaseNext, held: () => releases.length };
}

describe("groupCommit", () => {
  it("sends an item alone when idle, and the items that queue meanwhile together, at most maxBatch at a time", async () => {
    const { flush, batches, releaseNext, held } = heldFlush();
    const write = groupCommit(flush, 3);
    const results = [write(1)];
    expect(batches).toEqual([[1]]);
    results.push(write(2), write(3), write(4), write(5));
    expect(batches).toEqual([[1]]);
    releaseNext();
    await expect.poll(held).toBe(1);
    expect(batches).toEqual([[1], [2, 3, 4]]);
    releaseNext();
    await expect.poll(held).toBe(1);
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
    releaseNext();
    expect(await Promise.all(results)).toEqual([10, 20, 30, 40, 50]);
  });

  it("settles each item with its own result, and a batch that throws fails only its own items", async () => {
    let calls = 0;
    const write = groupCommit(async (items: readonly number[]) => {
      calls += 1;
      if (calls === 2) throw new Error("the batch failed");
      return items.map(
        (item): PromiseSettledResult<number> =>
          item < 0
            ? { status: "rejected", reason: new Error(`refused ${item}`) }
            : { status: "fulfilled", value: item },
      );
    });
    const first = write(-1);
    const queued = [write(2), write(3)];
    await expect(first).rejects.toThrow("refused -1");
    await expect(Promise.all(queued)).rejects.toThrow("the batch failed");
    await expect(write(4)).resolves.toBe(4);
  });

  it("rejects an item its batch gave no result for", async () => {
    const write = groupCommit(async () => []);
    await expect(write(1)).rejects.toThrow("gave no result");
  });
});
