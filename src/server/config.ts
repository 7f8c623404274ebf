import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { type BrandingConfig, brandingConfigSchema, DEFAULT_BRANDING } from "../common/config.ts";
import type { StoreConfig } from "./db/open.ts";
import { type ImageCacheSettings, readImageCacheSettings } from "./drawings/image-cache-settings.ts";
import { nonEmpty, readWhole } from "./env-values.ts";
import { DEFAULT_EDGE, type EdgeSettings } from "./http/edge-settings.ts";
import { type ObservabilitySettings, readObservabilitySettings } from "./http/metrics-settings.ts";
import { type ModerationSettings, readModerationSettings } from "./moderation/settings.ts";
import { readPublicBaseUrl } from "./pages/public-base-url.ts";

/** A start-up problem the operator fixes in the environment or the config file; its message is one line. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** Everything the process reads from its environment. */
export interface ServerSettings {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly store: StoreConfig;
  /** Path of the branding config file, and whether the operator named it (then it must exist). */
  readonly configPath: string;
  readonly configPathExplicit: boolean;
  readonly clientDir: string;
  readonly logLevel: string;
  /** Proxy trust, CORS, save rate limit and request timeouts. */
  readonly edge: EdgeSettings;
  /** Moderation mode, report threshold and rate limit, and the admin token. */
  readonly moderation: ModerationSettings;
  /** Who may read /metrics (METRICS_TOKEN, METRICS_ALLOW_LOCAL). */
  readonly observability: ObservabilitySettings;
  /** PUBLIC_BASE_URL without a trailing slash; undefined: absolute links follow each request's host. */
  readonly publicBaseUrl?: string;
  /** IMAGE_CACHE_MB: memory for served PNGs. */
  readonly imageCache: ImageCacheSettings;
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
const DEFAULT_CONFIG_PATH = "fanvas.config.json";

/**
 * Reads and checks PORT, HOST, DATA_DIR, DATABASE_URL, FANVAS_CONFIG, FANVAS_CLIENT_DIR, LOG_LEVEL and
 * the edge settings (TRUST_PROXY, CORS_ORIGINS, SAVE_RATE_LIMIT, SAVE_RATE_WINDOW_SECONDS, REQUEST_TIMEOUT_SECONDS).
 */
export function readSettings(env: NodeJS.ProcessEnv): ServerSettings {
  const dataDir = resolve(nonEmpty(env.DATA_DIR) ?? "data");
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError(
      "Invalid environment: DATABASE_URL must start with postgres:// or postgresql://; unset it to use the embedded SQLite store.",
    );
  }
  const logLevel = nonEmpty(env.LOG_LEVEL) ?? "info";
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(
      `Invalid environment: LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")} (got "${logLevel}").`,
    );
  }
  const explicitConfig = nonEmpty(env.FANVAS_CONFIG);
  return {
    port: readPort(env.PORT),
    host: nonEmpty(env.HOST) ?? "127.0.0.1",
    dataDir,
    store:
      databaseUrl === undefined
        ? { dialect: "sqlite", file: join(dataDir, "fanvas.sqlite") }
        : { dialect: "postgres", connectionString: databaseUrl },
    configPath: explicitConfig ?? DEFAULT_CONFIG_PATH,
    configPathExplicit: explicitConfig !== undefined,
    clientDir: resolve(nonEmpty(env.FANVAS_CLIENT_DIR) ?? "dist"),
    logLevel,
    edge: readEdgeSettings(env),
    moderation: readModerationSettings(env),
    observability: readObservabilitySettings(env),
    publicBaseUrl: readPublicBaseUrl(env),
    imageCache: readImageCacheSettings(env),
  };
}

/** The edge settings; each unset variable takes its DEFAULT_EDGE value. */
export function readEdgeSettings(env: NodeJS.ProcessEnv): EdgeSettings {
  return {
    trustProxyHops: readTrustProxy(env.TRUST_PROXY),
    corsOrigins: readOrigins(env.CORS_ORIGINS),
    saveRateLimit: readWhole("SAVE_RATE_LIMIT", env.SAVE_RATE_LIMIT, DEFAULT_EDGE.saveRateLimit, 0),
    saveRateWindowSeconds: readWhole(
      "SAVE_RATE_WINDOW_SECONDS",
      env.SAVE_RATE_WINDOW_SECONDS,
      DEFAULT_EDGE.saveRateWindowSeconds,
      1,
    ),
    requestTimeoutSeconds: readWhole(
      "REQUEST_TIMEOUT_SECONDS",
      env.REQUEST_TIMEOUT_SECONDS,
      DEFAULT_EDGE.requestTimeoutSeconds,
      1,
    ),
  };
}

/** "false" (default) believes no proxy; "true" one proxy; a number that many proxies in front. */
function readTrustProxy(raw: string | undefined): number {
  const text = nonEmpty(raw)?.toLowerCase();
  if (text === undefined || text === "false") return 0;
  if (text === "true") return 1;
  return readWhole("TRUST_PROXY", text, 0, 0, "true, false or the number of proxies in front");
}

function readOrigins(raw: string | undefined): string[] {
  const origins = (raw ?? "").split(",").flatMap((origin) => nonEmpty(origin) ?? []);
  for (const origin of origins) {
    if (!isOrigin(origin)) {
      throw new ConfigError(
        `Invalid environment: CORS_ORIGINS must be comma-separated origins like https://example.com (got "${origin}").`,
      );
    }
  }
  return origins;
}

/** Exactly scheme://host[:port], as browsers send it in the Origin header (no path, no trailing slash). */
function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return /^https?:$/.test(url.protocol) && url.origin === text;
  } catch {
    return false;
  }
}

function readPort(raw: string | undefined): number {
  const text = nonEmpty(raw) ?? "8080";
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) {
    throw new ConfigError(
      `Invalid environment: PORT must be a whole number from 0 to 65535 (got "${text}").`,
    );
  }
  return port;
}

/**
 * Reads the branding file and merges it over DEFAULT_BRANDING. A missing default file means the
 * defaults; a missing file the operator named is an error, since they meant to rebrand.
 */
export async function loadBranding(path: string, explicit: boolean): Promise<BrandingConfig> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" && !explicit) return DEFAULT_BRANDING;
    throw new ConfigError(
      `Invalid config ${path}: the file cannot be read (${code}); fix FANVAS_CONFIG or create the file.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(
      `Invalid config ${path}: not valid JSON (${(error as Error).message}); fix the file's syntax.`,
    );
  }
  return validateBranding(parsed, path);
}

interface StringRule {
  readonly type: "string";
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
}

/**
 * Checks a parsed config against brandingConfigSchema (all its fields are strings) and names the first
 * bad field. Small on purpose: the schema uses only these keywords, and a new keyword fails loudly here.
 */
export function validateBranding(value: unknown, source: string): BrandingConfig {
  const fail = (problem: string): never => {
    throw new ConfigError(`Invalid config ${source}: ${problem}`);
  };
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return fail("the file must hold one JSON object of branding fields.");
  }
  const rules: Record<string, StringRule> = brandingConfigSchema.properties;
  const known = Object.keys(rules);
  for (const [field, fieldValue] of Object.entries(value)) {
    const rule = rules[field];
    if (rule === undefined) {
      fail(`"${field}" is not a known field; remove it (known fields: ${known.join(", ")}).`);
    } else {
      const problem = checkString(fieldValue, rule);
      if (problem !== undefined)
        fail(`"${field}" ${problem}; fix it, or remove the field to use the default.`);
    }
  }
  return { ...DEFAULT_BRANDING, ...(value as Partial<BrandingConfig>) };
}

function checkString(value: unknown, rule: StringRule): string | undefined {
  if (typeof value !== "string") return `must be a string (got ${JSON.stringify(value)})`;
  if (rule.minLength !== undefined && value.length < rule.minLength) {
    return `must be at least ${rule.minLength} characters long`;
  }
  if (rule.maxLength !== undefined && value.length > rule.maxLength) {
    return `must be at most ${rule.maxLength} characters long`;
  }
  if (rule.pattern !== undefined && !new RegExp(rule.pattern).test(value)) {
    return `must match ${rule.pattern} (got ${JSON.stringify(value)})`;
  }
  return undefined;
}
