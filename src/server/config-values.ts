import { isIP } from "node:net";

// How config.ts reads one environment value: the checks every setting shares, each failing with a one-line
// ConfigError that names the variable. Imports no server module (config.ts imports it, and nothing else).

/** A start-up problem the operator fixes in the environment or the config file; its message is one line. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/** Throws the ConfigError for a wrong environment value. */
export function invalid(problem: string): never {
  throw new ConfigError(`Invalid environment: ${problem}`);
}

/** The trimmed value, or undefined when the variable is unset or blank (blank means "use the default"). */
export function nonEmpty(value: string | undefined): string | undefined {
  return value?.trim() || undefined;
}

/** The variable as a whole number from minimum to maximum; unset or blank gives the fallback. */
export function whole(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  minimum: number,
  expected = `a whole number of at least ${minimum}`,
  maximum = 1_000_000,
): number {
  const text = nonEmpty(env[name]);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < minimum || value > maximum) {
    invalid(`${name} must be ${expected} (got "${text}").`);
  }
  return value;
}

/** A number of mebibytes as bytes, from `minimum` MiB; unset or blank gives `fallbackBytes`. */
export function mebibytes(
  env: NodeJS.ProcessEnv,
  name: string,
  fallbackBytes: number,
  minimum: number,
): number {
  const expected = `a whole number of mebibytes from ${minimum} to 65536`;
  return whole(env, name, fallbackBytes / 2 ** 20, minimum, expected, 65_536) * 2 ** 20;
}

/** PUBLIC_BASE_URL ("https://fanvas.example", optionally with a path), without a trailing slash. */
export function readPublicBaseUrl(raw: string | undefined): string | undefined {
  const text = nonEmpty(raw);
  if (text === undefined) return undefined;
  const url = URL.parse(text);
  if (url === null || !/^https?:$/.test(url.protocol) || url.search + url.hash + url.username !== "") {
    return invalid(
      `PUBLIC_BASE_URL must be an http(s) address like https://fanvas.example, without query or fragment (got "${text}").`,
    );
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

/** Comma-separated origins, each exactly scheme://host[:port] as browsers send it in the Origin header. */
export function readOrigins(raw: string | undefined): string[] {
  const origins = (raw ?? "").split(",").flatMap((origin) => nonEmpty(origin) ?? []);
  for (const origin of origins) {
    const url = URL.parse(origin);
    if (url === null || !/^https?:$/.test(url.protocol) || url.origin !== origin) {
      invalid(`CORS_ORIGINS must be comma-separated origins like https://example.com (got "${origin}").`);
    }
  }
  return origins;
}

/**
 * Comma-separated host names or IP addresses (`fans.example, 192.0.2.10, [2001:db8::1]`), as the Host header
 * names them without a port: lower case, IPv6 without brackets, no trailing dot.
 */
export function readHostnames(name: string, raw: string | undefined): string[] {
  return (raw ?? "").split(",").flatMap((entry) => {
    const text = nonEmpty(entry);
    if (text === undefined) return [];
    const host = hostnameOf(text);
    const port = isIP(text) === 6 ? false : /:\d*$/.test(text);
    if (host === undefined || port) {
      invalid(
        `${name} must be comma-separated host names or IP addresses without scheme or port, like fans.example,192.0.2.10 (got "${text}").`,
      );
    }
    return [host];
  });
}

/** The host name of a Host header's value (`Fans.Example:8080` -> `fans.example`, `[::1]:80` -> `::1`). */
export function hostnameOf(hostHeader: string): string | undefined {
  const text = hostHeader.trim().toLowerCase();
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed !== null) return isIP(bracketed[1] ?? "") === 6 ? bracketed[1] : undefined;
  if (isIP(text) === 6) return text;
  const [name = "", port] = text.split(":");
  if (port !== undefined && !/^\d{1,5}$/.test(port)) return undefined;
  const bare = name.replace(/\.$/, "");
  return /^[a-z0-9_]([a-z0-9_-]{0,62})(\.[a-z0-9_]([a-z0-9_-]{0,62}))*$/.test(bare) ? bare : undefined;
}
