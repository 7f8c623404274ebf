// config.ts imports this module too; the cycle is safe because ConfigError is only used when a read fails.
import { ConfigError } from "./config.ts";

/** The trimmed value, or undefined when the variable is unset or blank (blank means "use the default"). */
export function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

/**
 * Reads a whole-number variable from minimum to 1,000,000; unset or blank gives the fallback.
 * Throws a ConfigError naming the variable and what it expects.
 */
export function readWhole(
  name: string,
  raw: string | undefined,
  fallback: number,
  minimum: number,
  expected = `a whole number of at least ${minimum}`,
): number {
  const text = nonEmpty(raw);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < minimum || value > 1_000_000) {
    throw new ConfigError(`Invalid environment: ${name} must be ${expected} (got "${text}").`);
  }
  return value;
}
