import { ConfigError } from "../config.ts";

// What every npm run command (backup, restore, export) shares: one file argument, one line on failure.

/** The one argument of `npm run <command> -- <file>`; anything else is the usage, as a ConfigError. */
export function fileArgument(usage: string): string {
  const file = process.argv[2];
  if (file === undefined || process.argv.length > 3) throw new ConfigError(`Usage: ${usage}`);
  return file;
}

/** The SQLite store's file; with DATABASE_URL set, the ConfigError naming PostgreSQL's own tool instead. */
export function sqliteFile(
  store: { dialect: "sqlite"; file: string } | { dialect: "postgres" },
  tool: string,
): string {
  if (store.dialect === "sqlite") return store.file;
  throw new ConfigError(
    `DATABASE_URL is set: ${tool} (README, Backups); this command works on the SQLite store.`,
  );
}

/**
 * Runs a command. A ConfigError is the operator's to fix and is printed as it is; anything else as "<what>
 * failed: <its first line>". Either way the process exits 1.
 */
export function runCommand(what: string, main: () => void | Promise<void>): void {
  Promise.resolve()
    .then(main)
    .catch((error: unknown) => {
      const message = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
      console.error(error instanceof ConfigError ? message : `${what} failed: ${message}`);
      process.exit(1);
    });
}
