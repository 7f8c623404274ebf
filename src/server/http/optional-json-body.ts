import type { FastifyInstance } from "fastify";

/**
 * Within this plugin, a JSON body may be empty: a report or reaction button posts no body at all, and a
 * fetch() told to send a JSON type sends it with none. An empty body reads as undefined (the route's schema
 * decides whether that is allowed); anything else is parsed as JSON, within `bodyLimit` bytes. Other text
 * types are not parsed, so the cross-site guard's 415 stays the answer to them.
 */
export function acceptOptionalJsonBody(app: FastifyInstance, bodyLimit: number): void {
  const defaultJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser("application/json", { parseAs: "string", bodyLimit }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === "") done(null, undefined);
    else defaultJson(request, text, done);
  });
}
