import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** Options of the CORS plugin. */
export interface CorsOptions {
  /** Origins allowed to call the API from their pages; empty keeps CORS closed. */
  readonly origins: readonly string[];
}

/** What a preflight may ask for: the upload's own content type and the retry key, nothing else. */
const ALLOWED_METHODS = "GET, HEAD, POST";
const ALLOWED_HEADERS = "Content-Type, Idempotency-Key";
/** The Supabase-compatible insert also takes what supabase-js sends with every request. */
const SUPABASE_ALLOWED_HEADERS = `${ALLOWED_HEADERS}, apikey, Authorization, X-Client-Info, Prefer, Accept-Profile, Content-Profile`;
const PREFLIGHT_MAX_AGE_SECONDS = "600";

/**
 * CORS closed unless origins are configured: then only those origins get Access-Control-Allow-Origin,
 * and a preflight from them is answered. No credentials: the API has no cookies or sign-in to share.
 */
export async function cors(app: FastifyInstance, options: CorsOptions): Promise<void> {
  if (options.origins.length === 0) return;
  const allowed = new Set(options.origins);
  app.addHook("onRequest", async (request, reply) => {
    // Caches must keep one answer per Origin, or an allowed origin's header would reach another.
    reply.header("vary", "Origin");
    const origin = request.headers.origin;
    if (origin !== undefined && allowed.has(origin)) reply.header("access-control-allow-origin", origin);
  });
  app.options("/api/*", (request, reply) => answerPreflight(request, reply, allowed, ALLOWED_HEADERS));
  app.options("/rest/v1/*", (request, reply) =>
    answerPreflight(request, reply, allowed, SUPABASE_ALLOWED_HEADERS),
  );
}

/** A preflight from an allowed origin learns what it may send; from any other origin it learns nothing. */
function answerPreflight(
  request: FastifyRequest,
  reply: FastifyReply,
  allowed: ReadonlySet<string>,
  allowedHeaders: string,
): FastifyReply {
  const origin = request.headers.origin;
  if (origin !== undefined && allowed.has(origin)) {
    reply
      .header("access-control-allow-methods", ALLOWED_METHODS)
      .header("access-control-allow-headers", allowedHeaders)
      .header("access-control-max-age", PREFLIGHT_MAX_AGE_SECONDS);
  }
  return reply.code(204).send();
}
