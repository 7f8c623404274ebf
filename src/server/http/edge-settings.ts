/** What keeps the server safe facing the internet; read from the environment by config.ts. */
export interface EdgeSettings {
  /**
   * How many proxies in front of us to believe in X-Forwarded-For: 0 ignores the header (the socket's
   * address is the client); n takes the address n hops back, so a client cannot choose its own address
   * by sending a forged header through a proxy that appends to it.
   */
  readonly trustProxyHops: number;
  /** Origins (scheme://host[:port]) that may call the API from their pages; empty keeps CORS closed. */
  readonly corsOrigins: readonly string[];
  /** Saves one client may make per window; 0 turns the limit off. */
  readonly saveRateLimit: number;
  readonly saveRateWindowSeconds: number;
  /**
   * A whole request (headers and body) must arrive within this time, and a connection that sends
   * nothing for this long is closed: a slowloris upload is cut.
   */
  readonly requestTimeoutSeconds: number;
}

/** Production defaults (README's environment table). */
export const DEFAULT_EDGE: EdgeSettings = {
  trustProxyHops: 0,
  corsOrigins: [],
  saveRateLimit: 30,
  saveRateWindowSeconds: 60,
  requestTimeoutSeconds: 30,
};

/**
 * Defaults of an app built without edge settings (tests of other concerns): the same headers, closed
 * CORS and timeouts as production, but no rate limit, since those tests save from one address in bulk.
 */
export const UNLIMITED_EDGE: EdgeSettings = { ...DEFAULT_EDGE, saveRateLimit: 0 };
