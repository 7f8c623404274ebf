import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { keepAliveAgent, send } from "./http-load.ts";

const NGINX = "/usr/sbin/nginx";
const START_DEADLINE_MS = 10_000;

/** A running nginx serving one directory on 127.0.0.1. */
export interface Nginx {
  readonly baseUrl: string;
  stop(): Promise<void>;
}

/** True when nginx is installed where Debian puts it. */
export function hasNginx(): boolean {
  return existsSync(NGINX);
}

/** A port that was free a moment ago (nginx cannot listen on port 0 and report it). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no free port");
  return address.port;
}

/**
 * One worker process, like Fanvas's one Node process; sendfile and keep-alive as a static deployment would
 * have them; no access log (Fanvas logs only warnings in the bench); everything under `dir`.
 */
function config(dir: string, port: number): string {
  const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`;
  return `daemon off;
worker_processes 1;
pid ${join(dir, "nginx.pid")};
error_log ${join(dir, "error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  types { image/png png; }
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
  server {
    listen 127.0.0.1:${port};
    root ${join(dir, "www")};
    add_header Cache-Control "public, max-age=31536000, immutable";
  }
}
`;
}

/** Starts nginx with `files` (name -> bytes) in its document root; resolves once it answers. */
export async function startNginx(files: ReadonlyMap<string, Buffer>): Promise<Nginx> {
  const dir = await mkdtemp(join(tmpdir(), "fanvas-bench-nginx-"));
  // nginx's workers run as an unprivileged user when started as root: they must be able to read the root.
  await chmod(dir, 0o755);
  await mkdir(join(dir, "www"), { mode: 0o755 });
  for (const [name, bytes] of files) await writeFile(join(dir, "www", name), bytes, { mode: 0o644 });
  const port = await freePort();
  await writeFile(join(dir, "nginx.conf"), config(dir, port));
  const child = spawn(NGINX, ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  const stderr: string[] = [];
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => stderr.push(chunk));
  const stop = async () => {
    await stopChild(child);
    await rm(dir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(child, `${baseUrl}/${[...files.keys()][0] ?? ""}`, () => stderr.join(""));
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

async function waitUntilServing(child: ChildProcess, url: string, output: () => string): Promise<void> {
  const agent = keepAliveAgent(1);
  const deadline = performance.now() + START_DEADLINE_MS;
  try {
    while (performance.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${output()}`);
      const status = await send(agent, url).then(
        (answer) => answer.status,
        () => 0,
      );
      if (status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`nginx did not serve ${url} within ${START_DEADLINE_MS} ms: ${output()}`);
  } finally {
    agent.destroy();
  }
}

/** SIGQUIT is nginx's graceful stop; SIGKILL if it has not ended after a few seconds. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGQUIT");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}
