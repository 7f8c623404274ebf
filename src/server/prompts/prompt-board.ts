import { type CurrentPrompt, currentPromptOf, type Prompt, promptPhase } from "../../common/prompts.ts";
import type { Store } from "../db/open.ts";
import { listPrompts, type StoredPrompt, settlePrompt } from "./prompt-queries.ts";
import { syncBrandingPrompts } from "./prompt-sync.ts";

/** The longest a board waits before it looks again (a timer this long is one a process can hold). */
const MAX_WAIT_MS = 60 * 60 * 1000;

/** Where the board reports what it could not do; Fastify's (pino) logger fits. */
export interface BoardLog {
  error(fields: object, message: string): void;
}

/** One process's view of the prompts, kept current, and the clock that turns them on and off. */
export interface PromptBoard {
  /** Every prompt, the latest start first. */
  list(): readonly StoredPrompt[];
  /** The prompt running at `now`, as the drawing page's banner says it; undefined between prompts. */
  current(now?: number): CurrentPrompt | undefined;
  /** Stops the clock. */
  close(): void;
}

/** What the board needs besides the store. */
export interface PromptBoardOptions {
  /** The branding file's prompts, put in the store at start (docs/decisions/0026-credit-and-prompts.md). */
  readonly brandingPrompts: readonly Prompt[];
  readonly log: BoardLog;
  readonly now?: () => number;
}

/**
 * Starts the board: syncs the branding file's prompts into the store, reads every prompt, marks the top three of
 * those that ended while no process watched, and sets a timer for the next start or end. An edit published on
 * the bus (here, or in another process through the PostgreSQL bridge) makes it read them again. At a start or an
 * end it marks what ended and publishes a `prompts` event of its own (scheduled: each process's clock tells its
 * own visitors, so it never crosses to other processes).
 */
export async function startPromptBoard(store: Store, options: PromptBoardOptions): Promise<PromptBoard> {
  const now = options.now ?? Date.now;
  let prompts: readonly StoredPrompt[] = [];
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const settleEnded = async (): Promise<boolean> => {
    let marked = false;
    for (const prompt of prompts) {
      if (prompt.settled || promptPhase(prompt, now()) !== "ended") continue;
      marked = (await settlePrompt(store.db, prompt.id, new Date(now()))) || marked;
    }
    return marked;
  };

  const schedule = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const at = now();
    const next = prompts
      .flatMap((prompt) => [Date.parse(prompt.startsAt), Date.parse(prompt.endsAt)])
      .filter((instant) => instant > at)
      .reduce((earliest, instant) => Math.min(earliest, instant), Number.POSITIVE_INFINITY);
    if (closed || !Number.isFinite(next)) return;
    timer = setTimeout(() => void tick(next), Math.min(next - at, MAX_WAIT_MS));
    timer.unref();
  };

  const reload = async () => {
    prompts = await listPrompts(store.db);
    if (await settleEnded()) prompts = await listPrompts(store.db);
    schedule();
  };

  const tick = async (boundary: number) => {
    try {
      await reload();
      if (now() >= boundary) await store.events.publish({ type: "prompts", scheduled: true });
    } catch (error) {
      options.log.error({ err: error }, "could not bring the prompts up to date; trying again in a minute");
      timer = setTimeout(() => void tick(boundary), 60_000);
      timer.unref();
    }
  };

  await syncBrandingPrompts(store.db, options.brandingPrompts);
  await reload();
  const unsubscribe = store.events.subscribe(async (event) => {
    if (event.type === "prompts" && event.scheduled !== true) await reload();
  });
  return {
    list: () => prompts,
    current: (at = now()) => {
      const running = prompts.find((prompt) => promptPhase(prompt, at) === "running");
      return running === undefined ? undefined : currentPromptOf(running);
    },
    close: () => {
      closed = true;
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
