import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

// deploy/ holds the files docs/deploy.md tells operators to install; each is checked by the tool that
// will read it (nginx -t, caddy validate, systemd-analyze verify) when that tool is installed, and by
// a small structural check always.

const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const deployFile = (name: string) => readFileSync(join(REPO_ROOT, "deploy", name), "utf8");
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * Whether the tool is here to check its file. On a developer's machine a missing tool leaves its check out;
 * in CI (.ci/run installs nginx-light, caddy and systemd) the check always runs, so a missing tool fails it.
 */
function installed(command: string, versionFlag: string): boolean {
  if (process.env.CI) return true;
  try {
    execFileSync(command, [versionFlag], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "fanvas-deploy-"));
  dirs.push(dir);
  return dir;
}

/** The text with comments and quoted strings removed, braces balanced, every directive ended by ";". */
function checkNginxStructure(text: string): void {
  const code = text
    .split("\n")
    .map((line) => line.replace(/#.*$/, "").trim())
    .filter((line) => line !== "");
  let depth = 0;
  for (const line of code) {
    depth += (line.match(/\{/g) ?? []).length - (line.match(/\}/g) ?? []).length;
    expect(depth).toBeGreaterThanOrEqual(0);
    expect(line, `nginx directive without ";": ${line}`).toMatch(/[;{}]$/);
  }
  expect(depth).toBe(0);
}

describe("deploy/nginx.conf", () => {
  const text = deployFile("nginx.conf");

  it("caches hashed assets for a year, drawing images as Fanvas says, and passes /api/events through unbuffered", () => {
    checkNginxStructure(text);
    const images =
      /location ~ \^\/api\/drawings\/\[A-Za-z0-9_-\]\+\(\\\.png\|\\\.webp\|\/card\\\.png\)\$ \{([^}]*)\}/.exec(
        text,
      )?.[1];
    // A hidden drawing must stop being served: Fanvas's own short Cache-Control passes on, revalidated by ETag.
    expect(images).toContain("proxy_cache fanvas;");
    expect(images).toContain("proxy_cache_revalidate on;");
    expect(images).not.toMatch(
      /immutable|proxy_ignore_headers|proxy_hide_header|add_header|proxy_cache_valid/,
    );
    expect(text).toMatch(/location \/assets\/ \{[^}]*immutable/);
    expect(text).toMatch(/location = \/api\/events \{[^}]*proxy_buffering off;/);
    expect(text).toMatch(/location = \/metrics \{\s*return 404;/);
  });

  it("sets X-Forwarded-Host itself, sends HSTS on every answer, and bounds bodies to the largest save", () => {
    expect(text).toContain("proxy_set_header X-Forwarded-Host $host;");
    expect(text).toContain("proxy_hide_header Strict-Transport-Security;");
    // add_header and proxy_hide_header in a location replace the server's: such a location repeats both.
    const blocks = [...text.matchAll(/location [^{]+\{([^}]*)\}/g)].map((match) => match[1] ?? "");
    for (const block of blocks.filter((body) => /add_header|proxy_hide_header/.test(body))) {
      expect(block).toContain('add_header Strict-Transport-Security "max-age=31536000" always;');
      expect(block).toContain("proxy_hide_header Strict-Transport-Security;");
    }
    expect(text).toContain("client_max_body_size 9m;");
  });

  it("passes the live rooms' WebSockets through, with every header the server sets for the others", () => {
    const socket = /location ~ \^\/api\/rooms\/\[A-Za-z0-9_-\]\+\/socket\$ \{([^}]*)\}/.exec(text)?.[1] ?? "";
    expect(socket).toContain("proxy_set_header Upgrade $http_upgrade;");
    expect(socket).toContain('proxy_set_header Connection "upgrade";');
    // A location with proxy_set_header of its own inherits none of the server's: each is repeated.
    for (const header of text.matchAll(/^ {8}(proxy_set_header (?!Connection)[^\n]+)$/gm)) {
      expect(socket).toContain(header[1]);
    }
    expect(socket).toContain("proxy_read_timeout 1h;");
  });

  it.runIf(installed("nginx", "-v"))(
    "passes nginx -t (with a throwaway certificate and cache directory)",
    () => {
      const dir = tempDir();
      execFileSync(
        "openssl",
        [
          "req",
          "-x509",
          "-newkey",
          "rsa:2048",
          "-nodes",
          "-days",
          "1",
          "-subj",
          "/CN=draw.example.com",
          "-keyout",
          join(dir, "key.pem"),
          "-out",
          join(dir, "cert.pem"),
        ],
        { stdio: "ignore" },
      );
      const local = text
        .replace("/etc/letsencrypt/live/draw.example.com/fullchain.pem", join(dir, "cert.pem"))
        .replace("/etc/letsencrypt/live/draw.example.com/privkey.pem", join(dir, "key.pem"))
        .replace("/var/cache/nginx/fanvas", join(dir, "cache"));
      writeFileSync(join(dir, "nginx.conf"), local);
      const output = execFileSync(
        "nginx",
        ["-t", "-c", join(dir, "nginx.conf"), "-p", `${dir}/`, "-e", join(dir, "error.log")],
        { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
      );
      expect(output).toBe("");
    },
  );
});

describe("deploy/Caddyfile", () => {
  const text = deployFile("Caddyfile");

  it("sets year-long caching on hashed assets only, HSTS everywhere, and flushes event streams at once", () => {
    expect(text).toContain("@assets path /assets/*");
    expect(text).toContain('header @assets Cache-Control "public, max-age=31536000, immutable"');
    // Drawing images keep Fanvas's own short caching: a moderator may hide one at any time.
    expect(text).not.toMatch(/api\/drawings/);
    expect(text).toContain('header Strict-Transport-Security "max-age=31536000"');
    expect(text).toContain("max_size 9MiB");
    expect(text).toContain("flush_interval -1");
    // reverse_proxy carries WebSocket upgrades (the rooms) by itself: no matcher may send them elsewhere.
    expect(text).not.toMatch(/@\w+\s*\{[^}]*\/api\/rooms/);
    expect((text.match(/\{/g) ?? []).length).toBe((text.match(/\}/g) ?? []).length);
  });

  it.runIf(installed("caddy", "version"))("passes caddy validate", () => {
    const output = execFileSync(
      "caddy",
      ["validate", "--config", join(REPO_ROOT, "deploy", "Caddyfile"), "--adapter", "caddyfile"],
      { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
    );
    expect(output).toContain("Valid configuration");
  });
});

describe("deploy/fanvas.service", () => {
  const text = deployFile("fanvas.service");

  it("runs the server as its own user with the hardening options and a writable state directory only", () => {
    for (const line of [
      "User=fanvas",
      "ExecStart=/usr/bin/node src/server/main.ts",
      "StateDirectory=fanvas",
      "NoNewPrivileges=yes",
      "ProtectSystem=strict",
      "ProtectHome=yes",
      "PrivateTmp=yes",
      "CapabilityBoundingSet=",
      "SystemCallFilter=@system-service",
    ]) {
      expect(text.split("\n")).toContain(line);
    }
    // Each line outside comments is a [Section] or Key=Value, as systemd reads it.
    for (const line of text.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("#"))) {
      expect(line).toMatch(/^(\[[A-Za-z]+\]|[A-Za-z]+=.*)$/);
    }
  });

  it.runIf(installed("systemd-analyze", "--version"))("passes systemd-analyze verify", () => {
    const dir = tempDir();
    // verify checks that ExecStart's program exists: point it at this machine's node and checkout.
    const local = text
      .replace("/usr/bin/node", process.execPath)
      .replace("WorkingDirectory=/opt/fanvas", `WorkingDirectory=${REPO_ROOT}`);
    writeFileSync(join(dir, "fanvas.service"), local);
    const result = spawnSync("systemd-analyze", ["verify", join(dir, "fanvas.service")], {
      encoding: "utf8",
    });
    expect(result.status).toBe(0);
    // verify reports problems of the unit on stderr, prefixed with its path.
    expect(result.stderr).not.toContain("fanvas.service");
  });
});
