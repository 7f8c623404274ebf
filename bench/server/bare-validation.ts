import { spawn } from "node:child_process";
import { join } from "node:path";
import { keepAliveAgent, type LoadResult, runLoad } from "./http-load.ts";
import { postDrawing, type SaveLoad } from "./saves-bench.ts";

const ENTRY = join(import.meta.dirname, "bare-validation-server.ts");
/** A child that does not say where it listens within this long has failed. */
const START_DEADLINE_MS = 20_000;

/**
 * Saves/s of the bare validation server (bench/server/bare-validation-server.ts says what it is) under the same
 * load as a save run: a fresh process, the same warm-up, every drawing once at `load.concurrency`.
 */
export async function measureBareValidation(
  drawings: readonly Buffer[],
  load: SaveLoad,
): Promise<LoadResult> {
  const child = spawn(process.execPath, [ENTRY], { stdio: ["ignore", "pipe", "inherit"] });
  try {
    const baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error("the bare validation server did not start")),
        START_DEADLINE_MS,
      );
      child.once("exit", (code) => reject(new Error(`the bare validation server exited with ${code}`)));
      child.stdout.setEncoding("utf8").on("data", (text: string) => {
        const address = /listening (\S+)/.exec(text)?.[1];
        if (address === undefined) return;
        clearTimeout(timer);
        resolve(address);
      });
    });
    const agent = keepAliveAgent(load.concurrency);
    try {
      const post = (index: number) =>
        postDrawing(agent, baseUrl, drawings[index % drawings.length] ?? Buffer.alloc(0));
      await runLoad(load.warmup, load.concurrency, (index) => post(drawings.length - 1 - index));
      return await runLoad(drawings.length, load.concurrency, post);
    } finally {
      agent.destroy();
    }
  } finally {
    child.kill("SIGTERM");
  }
}
