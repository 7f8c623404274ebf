import { spawnServer } from "../../tests/api/helpers/server-process.ts";
import { keepAliveAgent, type LoadResult, runLoad } from "./http-load.ts";
import { postDrawing, type SaveLoad } from "./saves-bench.ts";

const ENTRY = "bench/server/bare-validation-server.ts";

/**
 * Saves/s of the bare validation server (bench/server/bare-validation-server.ts says what it is) under the same
 * load as a save run: a fresh process, the same warm-up, every drawing once at `load.concurrency`.
 */
export async function measureBareValidation(
  drawings: readonly Buffer[],
  load: SaveLoad,
): Promise<LoadResult> {
  const server = await spawnServer({}, ENTRY);
  const agent = keepAliveAgent(load.concurrency);
  try {
    const post = (index: number) =>
      postDrawing(agent, server.baseUrl, drawings[index % drawings.length] ?? Buffer.alloc(0));
    await runLoad(load.warmup, load.concurrency, (index) => post(drawings.length - 1 - index));
    return await runLoad(drawings.length, load.concurrency, post);
  } finally {
    agent.destroy();
    await server.stop();
  }
}
