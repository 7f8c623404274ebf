import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { PROMPTS_PATH, type PromptSummary, type PromptsAnswer } from "../../common/api.ts";
import { currentPromptOf, promptPhase } from "../../common/prompts.ts";
import { PromptsAnswerSchema } from "../../common/wire/prompts.ts";
import type { Store } from "../db/open.ts";
import { errorResponses } from "../http/errors.ts";
import { listPrompts, promptWinners } from "./prompt-queries.ts";

/** Options of the prompts route. */
export interface PromptRoutesOptions {
  readonly store: Store;
  readonly now?: () => number;
}

/**
 * GET /api/prompts: the running prompt and the past ones, the latest first, each ended one with its top three.
 * Read from the store each time (a handful of rows), so an answer after an edit anywhere is that edit's.
 */
export async function promptRoutes(app: FastifyInstance, options: PromptRoutesOptions): Promise<void> {
  const now = options.now ?? Date.now;
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    PROMPTS_PATH,
    {
      schema: {
        response: { 200: PromptsAnswerSchema, ...errorResponses },
      },
    },
    async (_request, reply) => {
      const at = now();
      const [prompts, winners] = await Promise.all([
        listPrompts(options.store.db),
        promptWinners(options.store.db),
      ]);
      const shown = prompts.flatMap((prompt): PromptSummary[] => {
        const phase = promptPhase(prompt, at);
        if (phase === "upcoming") return [];
        const { id, title, hashtag, startsAt, endsAt } = prompt;
        const { lastDay } = currentPromptOf(prompt);
        const placed = phase === "ended" ? (winners.get(id) ?? []) : [];
        return [{ id, title, hashtag, startsAt, endsAt, phase, lastDay, winners: placed }];
      });
      const answer: PromptsAnswer = { prompts: shown };
      // A prompt starts, ends or is edited at any moment: every answer is asked for again.
      return reply.header("Cache-Control", "no-cache").send(answer);
    },
  );
}
