import type { FastifyRequest } from "fastify";

// The save rate limit, the save metrics and the saves' clock apply to the routes that store drawings. They are
// app-wide plugins, so they learn which routes those are from each route's own config (`save: true`) rather
// than from a list of the drawings' paths: http/ knows no feature, and a new save route is counted by the line
// that declares it.

declare module "fastify" {
  interface FastifyContextConfig {
    /** This route stores drawings: it is rate limited, timed and counted as a save. */
    readonly save?: true;
  }
}

/** The route a save request stores drawings through (one declaring `save: true`); undefined for any other. */
export function saveRouteOf(request: FastifyRequest): string | undefined {
  return request.routeOptions.config.save === true ? request.routeOptions.url : undefined;
}
