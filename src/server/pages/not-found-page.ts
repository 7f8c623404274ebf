/**
 * What a person who follows a dead link sees: an HTML page in the product's look with a way home. Machines
 * (no text/html in Accept) and everything under /api keep the JSON error of the API family.
 */
import type { FastifyRequest } from "fastify";
import type { BrandingConfig } from "../../common/config.ts";
import { noticePage } from "./notice-pages.ts";
import type { ServerPages } from "./server-render.ts";

/** Paths whose unknown addresses stay JSON: the API and the machine-facing routes. */
const MACHINE_PATHS = /^\/(api|rest|healthz|readyz|metrics)(\/|$|\?)/;

/**
 * Returns the 404 page for a browser's request of an unknown page, or null when the JSON answer fits (an API
 * path, a method other than GET/HEAD, a client that does not ask for HTML, or a server without a build).
 */
export function notFoundPageFor(
  branding: BrandingConfig,
  pages: ServerPages,
): (request: FastifyRequest) => string | null {
  const page = pages.built
    ? pages.render(
        noticePage(
          branding,
          "Page not found",
          `Nothing is drawn at this address on ${branding.title}. The canvas is waiting on the home page.`,
        ),
      )
    : null;
  return (request) => {
    if (page === null) return null;
    if (request.method !== "GET" && request.method !== "HEAD") return null;
    if (MACHINE_PATHS.test(request.url)) return null;
    return /text\/html/.test(request.headers.accept ?? "") ? page : null;
  };
}
