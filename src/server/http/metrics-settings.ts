import { ConfigError } from "../config.ts";
import { nonEmpty } from "../env-values.ts";

/** Who may read GET /metrics; closed to everyone unless one of these is set. */
export interface ObservabilitySettings {
  /** METRICS_TOKEN: a scraper sending `Authorization: Bearer <token>` may read /metrics. */
  readonly metricsToken: string | undefined;
  /**
   * METRICS_ALLOW_LOCAL=true: a scrape from a loopback socket that came through no proxy (no
   * X-Forwarded-For or Forwarded header) needs no token.
   */
  readonly metricsAllowLocal: boolean;
}

/** /metrics answers 404 to everyone: nothing is exposed until the operator opens it. */
export const CLOSED_METRICS: ObservabilitySettings = { metricsToken: undefined, metricsAllowLocal: false };

/** Tokens shorter than this are guessable; the operator is told to make a longer one. */
const MIN_TOKEN_LENGTH = 16;

/** Reads METRICS_TOKEN and METRICS_ALLOW_LOCAL, naming the variable in any error. */
export function readObservabilitySettings(env: NodeJS.ProcessEnv): ObservabilitySettings {
  const token = nonEmpty(env.METRICS_TOKEN);
  if (token !== undefined && (token.length < MIN_TOKEN_LENGTH || !/^[\x21-\x7e]+$/.test(token))) {
    throw new ConfigError(
      `Invalid environment: METRICS_TOKEN must be at least ${MIN_TOKEN_LENGTH} visible ASCII characters without spaces (e.g. openssl rand -hex 32).`,
    );
  }
  const local = nonEmpty(env.METRICS_ALLOW_LOCAL)?.toLowerCase() ?? "false";
  if (local !== "true" && local !== "false") {
    throw new ConfigError(
      `Invalid environment: METRICS_ALLOW_LOCAL must be true or false (got "${env.METRICS_ALLOW_LOCAL}").`,
    );
  }
  return { metricsToken: token, metricsAllowLocal: local === "true" };
}
