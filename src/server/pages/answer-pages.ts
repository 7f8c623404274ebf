import type { FastifyInstance } from "fastify";
import type { ServerPage } from "../../common/server-pages.ts";
import { answerErrorsWith, answerHtml, answerJson, type HttpError } from "../http/errors.ts";

/**
 * The refusals of a plugin's HTML routes answered as pages (`page` says which of a refusal); without a build,
 * which has no page to render, as the API's JSON.
 */
export function answerPages(app: FastifyInstance, page: (refusal: HttpError) => ServerPage): void {
  const { pages } = app;
  answerErrorsWith(app, pages.built ? answerHtml((refusal) => pages.render(page(refusal))) : answerJson);
}
