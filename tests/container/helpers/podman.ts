import { execFile, execFileSync } from "node:child_process";

// The container tests and the container bench drive podman (Docker's command line, daemonless) through these.

/** No podman command of these tests may hang: past this, it is killed and the caller fails with its output. */
const DEFAULT_DEADLINE_MS = 120_000;

/** Whether a podman command line is installed here. */
export function podmanInstalled(): boolean {
  try {
    execFileSync("podman", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the container tests run: wherever podman is installed, and always in CI (.ci/run installs podman), where
 * a missing podman then fails them instead of leaving them out.
 */
export function containerTestsRun(): boolean {
  return Boolean(process.env.CI) || podmanInstalled();
}

/** What a finished command printed and how it ended. */
export interface CommandResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command to its end, never throwing for its exit code; rejects only when it cannot start or outlives `deadlineMs`. */
export function runCommand(
  command: string,
  args: readonly string[],
  options: { readonly deadlineMs?: number; readonly env?: NodeJS.ProcessEnv; readonly cwd?: string } = {},
): Promise<CommandResult> {
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  return new Promise((resolve, reject) => {
    execFile(
      command,
      [...args],
      {
        timeout: deadlineMs,
        killSignal: "SIGKILL",
        maxBuffer: 64 * 2 ** 20,
        env: options.env,
        cwd: options.cwd,
      },
      (error, stdout, stderr) => {
        const failure = error as (NodeJS.ErrnoException & { killed?: boolean; code?: unknown }) | null;
        if (failure?.killed) {
          reject(
            new Error(`${command} ${args.join(" ")} took over ${deadlineMs} ms; output:\n${stdout}${stderr}`),
          );
        } else if (failure !== null && typeof failure.code !== "number") {
          reject(failure);
        } else {
          resolve({ code: typeof failure?.code === "number" ? failure.code : 0, stdout, stderr });
        }
      },
    );
  });
}

/** Runs `podman ...args` and resolves with its stdout; a non-zero exit rejects with what it printed. */
export async function podman(args: readonly string[], deadlineMs?: number): Promise<string> {
  const result = await runCommand("podman", args, { deadlineMs });
  if (result.code !== 0) {
    throw new Error(`podman ${args.join(" ")} exited with ${result.code}:\n${result.stdout}${result.stderr}`);
  }
  return result.stdout;
}

/** Whether podman's storage holds the image (by name or id). */
export async function imageExists(reference: string): Promise<boolean> {
  return (await runCommand("podman", ["image", "exists", reference])).code === 0;
}

/** The image's size in bytes, as podman counts it (every layer, shared ones included). */
export async function imageBytes(reference: string): Promise<number> {
  return Number((await podman(["image", "inspect", "--format", "{{.Size}}", reference])).trim());
}
