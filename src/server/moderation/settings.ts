// config.ts imports this module too; the cycle is safe because ConfigError is only used when a read fails.
import { ConfigError } from "../config.ts";
import { nonEmpty, readWhole } from "../env-values.ts";

/** How drawings are moderated and who may moderate them; read from the environment by readSettings. */
export interface ModerationSettings {
  /** "post": a save is visible at once; "pre": it waits as 'pending' until a moderator approves it. */
  readonly mode: "post" | "pre";
  /** Reports (one per client) that hide a visible drawing until a moderator reviews it. */
  readonly reportThreshold: number;
  /** Reports one client may send per window; 0 turns the limit off. */
  readonly reportRateLimit: number;
  readonly reportRateWindowSeconds: number;
  /** The moderators' shared secret; undefined turns admin off (every admin route answers 401). */
  readonly adminToken: string | undefined;
}

/** Production defaults (README's environment table). */
export const DEFAULT_MODERATION: ModerationSettings = {
  mode: "post",
  reportThreshold: 3,
  reportRateLimit: 10,
  reportRateWindowSeconds: 3600,
  adminToken: undefined,
};

/** A token shorter than this is guessable; refusing it at start beats an admin page anyone can open. */
const MIN_ADMIN_TOKEN_LENGTH = 16;

/**
 * Reads MODERATION_MODE, REPORT_THRESHOLD, REPORT_RATE_LIMIT, REPORT_RATE_WINDOW_SECONDS and ADMIN_TOKEN;
 * each unset variable takes its DEFAULT_MODERATION value. Throws naming the variable that is wrong.
 */
export function readModerationSettings(env: NodeJS.ProcessEnv): ModerationSettings {
  const mode = (nonEmpty(env.MODERATION_MODE) ?? DEFAULT_MODERATION.mode).toLowerCase();
  if (mode !== "post" && mode !== "pre") {
    throw new ConfigError(
      `Invalid environment: MODERATION_MODE must be "post" (visible at once) or "pre" (hidden until approved) (got "${mode}").`,
    );
  }
  const adminToken = nonEmpty(env.ADMIN_TOKEN);
  if (adminToken !== undefined && adminToken.length < MIN_ADMIN_TOKEN_LENGTH) {
    throw new ConfigError(
      `Invalid environment: ADMIN_TOKEN must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters (a random one: openssl rand -base64 24); unset it to turn admin off.`,
    );
  }
  return {
    mode,
    reportThreshold: readWhole(
      "REPORT_THRESHOLD",
      env.REPORT_THRESHOLD,
      DEFAULT_MODERATION.reportThreshold,
      1,
    ),
    reportRateLimit: readWhole(
      "REPORT_RATE_LIMIT",
      env.REPORT_RATE_LIMIT,
      DEFAULT_MODERATION.reportRateLimit,
      0,
    ),
    reportRateWindowSeconds: readWhole(
      "REPORT_RATE_WINDOW_SECONDS",
      env.REPORT_RATE_WINDOW_SECONDS,
      DEFAULT_MODERATION.reportRateWindowSeconds,
      1,
    ),
    adminToken,
  };
}
