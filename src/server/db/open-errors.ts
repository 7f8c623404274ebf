import { ConfigError, type StoreConfig } from "../config.ts";

/** Connection failures that mean "wrong address, wrong credentials or the server is down". */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ECONNRESET",
]);
/** PostgreSQL SQLSTATEs of a refused login: bad password, no such role, no such database, not allowed. */
const LOGIN_CODES = new Set(["28P01", "28000", "3D000", "42501"]);
/** What the file system says when a directory cannot hold the database. */
const DIRECTORY_CODES = new Set(["EACCES", "EPERM", "EROFS", "ENOTDIR", "EEXIST", "ENOSPC", "ELOOP"]);

/**
 * The one line the operator needs when the store cannot be opened, naming the variable to fix
 * (DATABASE_URL or DATA_DIR); the password is never printed. Other errors pass through unchanged.
 */
export function describeStoreOpenFailure(error: unknown, config: StoreConfig, dataDir: string): unknown {
  // A failed migration wraps the driver's error; its cause says what really happened.
  const root = rootCause(error);
  const reason = firstLine(root);
  const code = String((root as { code?: unknown }).code ?? "");
  if (config.dialect === "postgres") {
    if (
      CONNECTION_CODES.has(code) ||
      LOGIN_CODES.has(code) ||
      /password|authentication|connect/i.test(reason)
    ) {
      return new ConfigError(
        `Fanvas could not start: the PostgreSQL database in DATABASE_URL (${safeAddress(config.connectionString)}) cannot be used: ${reason}. Check DATABASE_URL (host, port, user, password, database name) and that PostgreSQL is running.`,
      );
    }
    return error;
  }
  if (DIRECTORY_CODES.has(code) || /unable to open database|readonly database|disk I\/O/i.test(reason)) {
    return new ConfigError(
      `Fanvas could not start: DATA_DIR (${dataDir}) is not a writable directory for the database ${config.file}: ${reason}. Point DATA_DIR at a directory this user may write, or fix its permissions.`,
    );
  }
  return error;
}

/** user@host:port/database, without the password. */
function safeAddress(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    const user = url.username === "" ? "" : `${decodeURIComponent(url.username)}@`;
    return `${user}${url.host}${url.pathname}`;
  } catch {
    return "an address that is not a valid URL";
  }
}

function rootCause(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause !== undefined; depth += 1) {
    current = current.cause;
  }
  return current;
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split("\n")[0] ?? "").replace(/\.$/, "") || "unknown error";
}
