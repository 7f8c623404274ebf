import { networkInterfaces } from "node:os";
import { join, resolve } from "node:path";
import { type LimitSettings, readLimitSettings } from "./config-limits.ts";
import {
  hostnameOf,
  invalid,
  nonEmpty,
  readHostnames,
  readOrigins,
  readPublicBaseUrl,
  whole,
} from "./config-values.ts";

// Every environment setting, read and checked here: config-limits.ts reads the limits of what one process gives
// out and config-values.ts holds the checks every setting shares; config.ts re-exports both. They import no other
// server module, so they are in no cycle.

export * from "./config-limits.ts";
export { ConfigError } from "./config-values.ts";

/** Which database to use (DATABASE_URL, never sniffed later); commitHoldMs: FANVAS_TEST_COMMIT_HOLD_MS, tests only. */
export type StoreConfig =
  | { readonly dialect: "sqlite"; readonly file: string; readonly commitHoldMs?: number }
  | { readonly dialect: "postgres"; readonly connectionString: string; readonly commitHoldMs?: number };

/** What keeps the server safe facing the internet. */
export interface EdgeSettings {
  /**
   * TRUST_PROXY: proxies in front of us to believe in X-Forwarded-For. 0 ignores the header; n takes the
   * address n hops back, so a client cannot choose its own address through a proxy that appends to it.
   */
  readonly trustProxyHops: number;
  /** CORS_ORIGINS: origins (scheme://host[:port]) that may call the API from their pages; empty keeps CORS closed. */
  readonly corsOrigins: readonly string[];
  /** SAVE_RATE_LIMIT per SAVE_RATE_WINDOW_SECONDS: saves one client may make per window; 0 turns the limit off. */
  readonly saveRateLimit: number;
  readonly saveRateWindowSeconds: number;
  /** REQUEST_TIMEOUT_SECONDS: a whole request must arrive within it, and a connection silent that long is closed. */
  readonly requestTimeoutSeconds: number;
  /**
   * Host names a request may address (ALLOWED_HOSTS or the listening address, PUBLIC_BASE_URL's, localhost and
   * loopback); any other Host is refused before routing, so a name rebound to our address reaches nothing.
   * undefined: any host (an app built for tests of other concerns).
   */
  readonly allowedHosts: readonly string[] | undefined;
}

/** How drawings are moderated, who may moderate them, and how much one visitor may report and react. */
export interface ModerationSettings {
  /** MODERATION_MODE "post": a save is visible at once; "pre": it waits as 'pending' until a moderator approves it. */
  readonly mode: "post" | "pre";
  /** REPORT_THRESHOLD: reports (one per client) that hide a visible drawing until a moderator reviews it. */
  readonly reportThreshold: number;
  /** REPORT_ and REACTION_RATE_LIMIT per their _RATE_WINDOW_SECONDS (a reaction given or taken back is one); 0: none. */
  readonly reportRateLimit: number;
  readonly reportRateWindowSeconds: number;
  readonly reactionRateLimit: number;
  readonly reactionRateWindowSeconds: number;
  /** REACTION_BROWSERS_PER_ADDRESS: browsers of one address (IPv4, IPv6 /64) a drawing counts reactions of; 0: all. */
  readonly reactionBrowsersPerAddress: number;
  /** ADMIN_TOKEN, the moderators' shared secret; undefined turns admin off (every admin route answers 401). */
  readonly adminToken: string | undefined;
}

/** Who may read GET /metrics; closed to everyone unless one of these is set. */
export interface ObservabilitySettings {
  /** METRICS_TOKEN: a scraper sending `Authorization: Bearer <token>` may read /metrics. */
  readonly metricsToken: string | undefined;
  /** METRICS_ALLOW_LOCAL=true: a loopback scrape that came through no proxy needs no token. */
  readonly metricsAllowLocal: boolean;
}

/** Everything the process reads from its environment. */
export interface ServerSettings extends LimitSettings {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly store: StoreConfig;
  /** FANVAS_CONFIG: the branding file, and whether the operator named it (then it must exist). */
  readonly configPath: string;
  readonly configPathExplicit: boolean;
  readonly clientDir: string;
  readonly logLevel: string;
  readonly edge: EdgeSettings;
  readonly moderation: ModerationSettings;
  readonly observability: ObservabilitySettings;
  /** PUBLIC_BASE_URL without a trailing slash; undefined: absolute links follow each request's host. */
  readonly publicBaseUrl: string | undefined;
}

/** The names every server answers for, whatever it listens on: a browser sends them only to this machine. */
export const LOOPBACK_HOSTS: readonly string[] = ["localhost", "127.0.0.1", "::1"];
/** Production defaults (README's environment table). */
export const DEFAULT_EDGE: EdgeSettings = {
  trustProxyHops: 0,
  corsOrigins: [],
  saveRateLimit: 30,
  saveRateWindowSeconds: 60,
  requestTimeoutSeconds: 30,
  allowedHosts: LOOPBACK_HOSTS,
};
/** An app built without edge settings (tests of other concerns): production's headers and timeouts, no rate limit, any host. */
export const UNLIMITED_EDGE: EdgeSettings = { ...DEFAULT_EDGE, saveRateLimit: 0, allowedHosts: undefined };
/** Post-moderation; 3 reports hide a drawing; a client: 10 reports an hour, 60 reactions a minute, 5 browsers; no admin. */
export const DEFAULT_MODERATION: ModerationSettings = {
  mode: "post",
  reportThreshold: 3,
  reportRateLimit: 10,
  reportRateWindowSeconds: 3600,
  reactionRateLimit: 60,
  reactionRateWindowSeconds: 60,
  reactionBrowsersPerAddress: 5,
  adminToken: undefined,
};
/** /metrics answers 404 to everyone: nothing is exposed until the operator opens it. */
export const CLOSED_METRICS: ObservabilitySettings = { metricsToken: undefined, metricsAllowLocal: false };

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
const MIN_SECRET_LENGTH = 16; // a shorter secret is guessable: refusing it beats an open admin page

/** Reads and checks every variable of README's environment table; throws a ConfigError naming the wrong one. */
export function readSettings(env: NodeJS.ProcessEnv): ServerSettings {
  const dataDir = resolve(nonEmpty(env.DATA_DIR) ?? "data");
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl))
    invalid("DATABASE_URL must start with postgres:// or postgresql://; unset it to use SQLite.");
  const logLevel = nonEmpty(env.LOG_LEVEL) ?? "info";
  if (!LOG_LEVELS.includes(logLevel))
    invalid(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")} (got "${logLevel}").`);
  const explicitConfig = nonEmpty(env.FANVAS_CONFIG);
  const commitHoldMs = whole(env, "FANVAS_TEST_COMMIT_HOLD_MS", 0, 0); // crash tests: answers held after commits
  return {
    port: whole(env, "PORT", 8080, 0, "a whole number from 0 to 65535", 65535),
    host: nonEmpty(env.HOST) ?? "127.0.0.1",
    dataDir,
    store:
      databaseUrl === undefined
        ? { dialect: "sqlite", file: join(dataDir, "fanvas.sqlite"), commitHoldMs }
        : { dialect: "postgres", connectionString: databaseUrl, commitHoldMs },
    configPath: explicitConfig ?? "fanvas.config.json",
    configPathExplicit: explicitConfig !== undefined,
    clientDir: resolve(nonEmpty(env.FANVAS_CLIENT_DIR) ?? "dist"),
    logLevel,
    edge: readEdgeSettings(env),
    moderation: readModerationSettings(env),
    observability: readObservabilitySettings(env),
    publicBaseUrl: readPublicBaseUrl(env.PUBLIC_BASE_URL),
    ...readLimitSettings(env),
  };
}

/** TRUST_PROXY, CORS_ORIGINS, SAVE_RATE_LIMIT, SAVE_RATE_WINDOW_SECONDS, REQUEST_TIMEOUT_SECONDS, ALLOWED_HOSTS. */
export function readEdgeSettings(env: NodeJS.ProcessEnv): EdgeSettings {
  const trust = nonEmpty(env.TRUST_PROXY)?.toLowerCase();
  const hops = trust === "true" ? 1 : trust === "false" ? 0 : undefined;
  return {
    trustProxyHops: hops ?? whole(env, "TRUST_PROXY", 0, 0, "true, false or the number of proxies in front"),
    corsOrigins: readOrigins(env.CORS_ORIGINS),
    saveRateLimit: whole(env, "SAVE_RATE_LIMIT", DEFAULT_EDGE.saveRateLimit, 0),
    saveRateWindowSeconds: whole(env, "SAVE_RATE_WINDOW_SECONDS", DEFAULT_EDGE.saveRateWindowSeconds, 1),
    requestTimeoutSeconds: whole(env, "REQUEST_TIMEOUT_SECONDS", DEFAULT_EDGE.requestTimeoutSeconds, 1),
    allowedHosts: readAllowedHosts(env),
  };
}

/**
 * ALLOWED_HOSTS, or by default the address HOST names (every address of this machine for 0.0.0.0 or ::);
 * PUBLIC_BASE_URL's host, localhost and loopback addresses always.
 */
export function readAllowedHosts(env: NodeJS.ProcessEnv): string[] {
  const listed = readHostnames("ALLOWED_HOSTS", env.ALLOWED_HOSTS);
  const publicBaseUrl = readPublicBaseUrl(env.PUBLIC_BASE_URL);
  const publicHost = publicBaseUrl === undefined ? [] : [hostnameOf(new URL(publicBaseUrl).host) ?? ""];
  const listening = listed.length > 0 ? listed : listeningHosts(nonEmpty(env.HOST) ?? "127.0.0.1");
  return [...new Set([...LOOPBACK_HOSTS, ...listening, ...publicHost])];
}

/** What a browser may call the address HOST names: itself, or for a wildcard each interface's address. */
function listeningHosts(host: string): string[] {
  if (!/^(0\.0\.0\.0|::|\[::\])$/.test(host)) return [hostnameOf(host) ?? host.toLowerCase()];
  return Object.values(networkInterfaces()).flatMap((addresses) =>
    (addresses ?? []).map((address) => address.address.split("%")[0]?.toLowerCase() ?? ""),
  );
}

/** MODERATION_MODE, REPORT_THRESHOLD, REPORT_ and REACTION_ limits and windows, REACTION_BROWSERS_PER_ADDRESS, ADMIN_TOKEN. */
export function readModerationSettings(env: NodeJS.ProcessEnv): ModerationSettings {
  const mode = (nonEmpty(env.MODERATION_MODE) ?? DEFAULT_MODERATION.mode).toLowerCase();
  if (mode !== "post" && mode !== "pre")
    return invalid(
      `MODERATION_MODE must be "post" (visible at once) or "pre" (hidden until approved) (got "${mode}").`,
    );
  const adminToken = nonEmpty(env.ADMIN_TOKEN);
  if (adminToken !== undefined && adminToken.length < MIN_SECRET_LENGTH)
    invalid(
      `ADMIN_TOKEN must be at least ${MIN_SECRET_LENGTH} characters (a random one: openssl rand -base64 24); unset it to turn admin off.`,
    );
  const d = DEFAULT_MODERATION;
  const read = (name: string, fallback: number, minimum: number) => whole(env, name, fallback, minimum);
  return {
    mode,
    reportThreshold: read("REPORT_THRESHOLD", d.reportThreshold, 1),
    reportRateLimit: read("REPORT_RATE_LIMIT", d.reportRateLimit, 0),
    reportRateWindowSeconds: read("REPORT_RATE_WINDOW_SECONDS", d.reportRateWindowSeconds, 1),
    reactionRateLimit: read("REACTION_RATE_LIMIT", d.reactionRateLimit, 0),
    reactionRateWindowSeconds: read("REACTION_RATE_WINDOW_SECONDS", d.reactionRateWindowSeconds, 1),
    reactionBrowsersPerAddress: read("REACTION_BROWSERS_PER_ADDRESS", d.reactionBrowsersPerAddress, 0),
    adminToken,
  };
}

/** METRICS_TOKEN and METRICS_ALLOW_LOCAL. */
export function readObservabilitySettings(env: NodeJS.ProcessEnv): ObservabilitySettings {
  const token = nonEmpty(env.METRICS_TOKEN);
  if (token !== undefined && (token.length < MIN_SECRET_LENGTH || !/^[\x21-\x7e]+$/.test(token)))
    invalid(
      `METRICS_TOKEN must be at least ${MIN_SECRET_LENGTH} visible ASCII characters without spaces (e.g. openssl rand -hex 32).`,
    );
  const local = nonEmpty(env.METRICS_ALLOW_LOCAL)?.toLowerCase() ?? "false";
  if (local !== "true" && local !== "false")
    invalid(`METRICS_ALLOW_LOCAL must be true or false (got "${env.METRICS_ALLOW_LOCAL}").`);
  return { metricsToken: token, metricsAllowLocal: local === "true" };
}
