import { ConfigError } from "../config.ts";
import { nonEmpty } from "../env-values.ts";

/** How much memory the image route may keep stored PNGs in. */
export interface ImageCacheSettings {
  /** IMAGE_CACHE_MB in bytes; 0 turns the cache off. */
  readonly maxBytes: number;
}

/** 64 MiB holds about a thousand re-encoded 600 x 600 drawings (~60 KB each). */
export const DEFAULT_IMAGE_CACHE: ImageCacheSettings = { maxBytes: 64 * 2 ** 20 };

const MAX_MB = 65_536;

/** Reads IMAGE_CACHE_MB (whole mebibytes, 0 to 65536), naming the variable in any error. */
export function readImageCacheSettings(env: NodeJS.ProcessEnv): ImageCacheSettings {
  const raw = nonEmpty(env.IMAGE_CACHE_MB);
  if (raw === undefined) return DEFAULT_IMAGE_CACHE;
  const megabytes = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(megabytes <= MAX_MB)) {
    throw new ConfigError(
      `Invalid environment: IMAGE_CACHE_MB must be a whole number of mebibytes from 0 (no cache) to ${MAX_MB} (got "${env.IMAGE_CACHE_MB}").`,
    );
  }
  return { maxBytes: megabytes * 2 ** 20 };
}

/**
 * How long a cached image is believed without asking the store. Hides and re-encodes evict at once; this
 * only bounds a change no event told this process about.
 */
export const IMAGE_CACHE_TTL_MS = 10_000;
