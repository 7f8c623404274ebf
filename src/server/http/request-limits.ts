import type { Server } from "node:http";
import type { FastifyHttpOptions } from "fastify";
import type { EdgeSettings } from "../config.ts";

/**
 * Fastify's own options for the limits that must exist before any route: who the client is and how
 * long a request may take. (The 2 MiB body limit sits on the upload's content-type parser.)
 */
export function requestLimitOptions(edge: EdgeSettings): FastifyHttpOptions<Server> {
  const timeoutMs = edge.requestTimeoutSeconds * 1000;
  return {
    http: {
      requestTimeout: timeoutMs,
      headersTimeout: timeoutMs,
      // Node looks for overdue requests on this period (30 s by default, which would double the limit).
      connectionsCheckingInterval: Math.min(timeoutMs, 5000),
    },
    // A number of hops, never `true`: trusting every hop would let a client pick its own address.
    // hop 0 is the socket's peer; each trusted hop lets the next address back in X-Forwarded-For speak.
    trustProxy: edge.trustProxyHops === 0 ? false : (_address, hop) => hop < edge.trustProxyHops,
    // The whole request must arrive within the timeout (checked by Node every few seconds)...
    requestTimeout: timeoutMs,
    // ...and a socket that goes silent that long mid-request or between requests is closed at once.
    connectionTimeout: timeoutMs,
  };
}
