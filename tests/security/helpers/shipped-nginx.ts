import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { request } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../e2e/helpers/server.ts";

// deploy/nginx.conf as an operator installs it, run for real in front of a test app: only what cannot work
// on a test machine changes (ports, the certificate, where files go, one worker, in the foreground).

const NGINX = "/usr/sbin/nginx";
const SERVER_NAME = "draw.example.com";
const SHIPPED = readFileSync(join(import.meta.dirname, "..", "..", "..", "deploy", "nginx.conf"), "utf8");

/** True where the shipped config can be tried: nginx installed (always in CI, where .ci/run installs it). */
export function canRunNginx(): boolean {
  return process.env.CI !== undefined || existsSync(NGINX);
}

/** An answer through nginx. */
export interface ProxiedAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** The shipped nginx in front of `appPort`, answering https://draw.example.com on a local port. */
export interface ShippedNginx {
  get(path: string, headers?: Record<string, string>): Promise<ProxiedAnswer>;
  post(path: string, body: Buffer, headers?: Record<string, string>): Promise<ProxiedAnswer>;
  stop(): Promise<void>;
}

/** The shipped config with only the machine-specific lines replaced. */
function localConfig(dir: string, appPort: number, httpPort: number, httpsPort: number): string {
  const replacements: [string, string][] = [
    ["worker_processes auto;", `worker_processes 1;\ndaemon off;\npid ${join(dir, "nginx.pid")};`],
    ["server_tokens off;", "server_tokens off;\n    access_log off;"],
    ["server 127.0.0.1:8080;", `server 127.0.0.1:${appPort};`],
    ["listen 80;", `listen 127.0.0.1:${httpPort};`],
    ["listen [::]:80;", ""],
    ["listen 443 ssl http2;", `listen 127.0.0.1:${httpsPort} ssl http2;`],
    ["listen [::]:443 ssl http2;", ""],
    [`/etc/letsencrypt/live/${SERVER_NAME}/fullchain.pem`, join(dir, "cert.pem")],
    [`/etc/letsencrypt/live/${SERVER_NAME}/privkey.pem`, join(dir, "key.pem")],
    ["/var/cache/nginx/fanvas", join(dir, "cache")],
  ];
  return replacements.reduce((text, [from, to]) => {
    if (!text.includes(from))
      throw new Error(`deploy/nginx.conf no longer has "${from}"; update this helper`);
    return text.replace(from, to);
  }, SHIPPED);
}

/** Starts nginx with the shipped config in front of the app on `appPort`; resolves once it answers. */
export async function startShippedNginx(appPort: number): Promise<ShippedNginx> {
  const dir = await mkdtemp(join(tmpdir(), "fanvas-shipped-nginx-"));
  // Started as root, nginx's workers run as an unprivileged user: they must reach the cache and temp dirs.
  await chmod(dir, 0o755);
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", `/CN=${SERVER_NAME}`],
      ...["-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem")],
    ],
    { stdio: "ignore" },
  );
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  await writeFile(join(dir, "nginx.conf"), localConfig(dir, appPort, httpPort, httpsPort));
  const child = spawn(NGINX, ["-p", `${dir}/`, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  const send = (method: string, path: string, body: Buffer | undefined, headers: Record<string, string>) =>
    new Promise<ProxiedAnswer>((resolve, reject) => {
      const outgoing = request(
        {
          host: "127.0.0.1",
          port: httpsPort,
          method,
          path,
          servername: SERVER_NAME,
          rejectUnauthorized: false,
          headers: { host: SERVER_NAME, ...headers },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString("utf8"),
            }),
          );
        },
      );
      outgoing.on("error", reject);
      outgoing.end(body);
    });
  const stop = async () => {
    await stopProcess(child);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(() => send("GET", "/healthz", undefined, {}), child);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    get: (path, headers = {}) => send("GET", path, undefined, headers),
    post: (path, body, headers = {}) => send("POST", path, body, headers),
    stop,
  };
}

async function waitUntilAnswering(probe: () => Promise<ProxiedAnswer>, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    try {
      await probe();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}
