/** PUBLIC_BASE_URL: the address visitors and link previews reach this server at. */
import { ConfigError } from "../config.ts";
import { nonEmpty } from "../env-values.ts";

/**
 * Reads PUBLIC_BASE_URL ("https://fanvas.example", optionally with a path prefix). Returns it without a trailing
 * slash, or undefined when unset: permalink pages then build absolute URLs from the request's protocol and host,
 * and the page from its own origin.
 */
export function readPublicBaseUrl(env: NodeJS.ProcessEnv): string | undefined {
  const text = nonEmpty(env.PUBLIC_BASE_URL);
  if (text === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return invalid(text);
  }
  if (!/^https?:$/.test(url.protocol) || url.search !== "" || url.hash !== "" || url.username !== "") {
    return invalid(text);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

function invalid(text: string): never {
  throw new ConfigError(
    `Invalid environment: PUBLIC_BASE_URL must be an http(s) address like https://fanvas.example, without query or fragment (got "${text}").`,
  );
}
