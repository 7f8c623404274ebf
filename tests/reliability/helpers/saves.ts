import type { SavedDrawing } from "../../../src/common/api.ts";

/** What the server answered to one save; status 0 when the connection failed without an answer. */
export interface SaveAnswer {
  readonly index: number;
  readonly key: string;
  readonly status: number;
  readonly saved?: SavedDrawing;
}

/** The key of save number `index`, unique per run so reruns on one database never collide. */
export function keyOf(run: string, index: number): string {
  return `${run}-${index}`;
}

/** POSTs one PNG with its Idempotency-Key; a dropped connection is an answer with status 0. */
export async function postSave(
  baseUrl: string,
  png: Buffer,
  key: string,
  index: number,
): Promise<SaveAnswer> {
  try {
    const response = await fetch(`${baseUrl}/api/drawings`, {
      method: "POST",
      headers: { "content-type": "image/png", "idempotency-key": key },
      body: new Uint8Array(png),
    });
    const body: unknown = await response.json();
    const saved = response.status === 200 || response.status === 201 ? (body as SavedDrawing) : undefined;
    return { index, key, status: response.status, saved };
  } catch {
    return { index, key, status: 0 };
  }
}

/**
 * Sends every upload with at most `concurrency` in flight; stops starting new ones once shouldStop()
 * says so (the crash test kills the server then). onAnswer sees each answer as it arrives.
 */
export async function saveAll(options: {
  readonly baseUrl: string;
  readonly uploads: readonly Buffer[];
  readonly run: string;
  readonly concurrency: number;
  readonly onAnswer?: (answer: SaveAnswer) => void;
  readonly shouldStop?: () => boolean;
}): Promise<SaveAnswer[]> {
  const answers: SaveAnswer[] = [];
  let next = 0;
  const lane = async () => {
    while (next < options.uploads.length && !(options.shouldStop?.() ?? false)) {
      const index = next;
      next += 1;
      const png = options.uploads[index] ?? Buffer.alloc(0);
      const answer = await postSave(options.baseUrl, png, keyOf(options.run, index), index);
      answers.push(answer);
      options.onAnswer?.(answer);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, lane));
  return answers;
}
