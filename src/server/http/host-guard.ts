import type { FastifyInstance } from "fastify";
import { hostnameOf } from "../config-values.ts";
import { answerJson, clip, HttpError } from "./errors.ts";

// DNS rebinding: a page on rebind.evil.example, whose name its owner then points at our address, is "same
// origin" with everything it fetches from us, so a browser sends its requests (with its visitor's address and
// cookies for that name) as if from our own page. The browser still says which name it thinks it reached in the
// Host header (behind a trusted proxy, X-Forwarded-Host), so a request for a name that is not ours is refused
// before any route runs.

/** Options of the guard. */
export interface HostGuardOptions {
  /** The host names (lower case, IPv6 without brackets) requests may address; undefined lets every one through. */
  readonly allowedHosts: readonly string[] | undefined;
}

/** The app-wide hook that refuses requests addressed to a host this server does not answer for. */
export async function hostGuard(app: FastifyInstance, options: HostGuardOptions): Promise<void> {
  if (options.allowedHosts === undefined) return;
  const allowed = new Set(options.allowedHosts);
  app.addHook("onRequest", async (request, reply) => {
    const host = request.host ?? "";
    if (allowed.has(hostnameOf(host) ?? "")) return;
    const refusal = new HttpError(
      400,
      "unknown_host",
      `This server does not answer for the host "${clip(host, 100)}"; its operator lists the names it answers for in ALLOWED_HOSTS (or PUBLIC_BASE_URL).`,
      // Nothing more of this connection is read: it was meant for someone else.
      { headers: { connection: "close" } },
    );
    // The same JSON whatever the address (no page of ours, a permalink's or the admin's, is for this host).
    request.refusal = refusal;
    return answerJson(refusal, request, reply.code(400).headers(refusal.headers));
  });
}
