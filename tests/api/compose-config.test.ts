import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { dockerComposeInstalled } from "../container/helpers/compose.ts";

// compose.yaml, compose.sqlite.yaml and the Dockerfile set settings by name: each name must be one the server
// reads, or an operator's setting would silently do nothing. The names are read from src/server/config.ts itself,
// so a setting added there needs no change here. The files are also checked by a compose tool when one is
// installed (always in CI: .ci/run installs Debian's docker-compose); tests/container runs them.

const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const read = (name: string) => readFileSync(join(REPO_ROOT, name), "utf8");
const COMPOSE_FILES = ["compose.yaml", "compose.sqlite.yaml"];

interface ComposeService {
  readonly environment?: Record<string, string | null>;
  readonly ports?: readonly string[];
  readonly depends_on?: Record<string, { condition?: string }>;
  readonly healthcheck?: { test?: readonly string[] };
  readonly pull_policy?: string;
}
interface ComposeFile {
  readonly services: Record<string, ComposeService>;
}

/** Every environment variable src/server/config.ts reads: `env.NAME`, or "NAME" handed to a reader with env. */
function settingNames(): Set<string> {
  const source = read("src/server/config.ts");
  const direct = [...source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1] ?? "");
  const named = [...source.matchAll(/\(\s*(?:env,\s*)?"([A-Z][A-Z0-9_]*)"/g)].map((match) => match[1] ?? "");
  return new Set([...direct, ...named]);
}

function fanvasService(file: string): ComposeService {
  const service = (parse(read(file)) as ComposeFile).services.fanvas;
  if (service === undefined) throw new Error(`${file} has no fanvas service`);
  return service;
}

describe("compose files and the Dockerfile", () => {
  const settings = settingNames();

  it("reads config.ts's settings (the test's own parse of it finds the ones it knows of)", () => {
    for (const name of [
      "PORT",
      "HOST",
      "DATA_DIR",
      "DATABASE_URL",
      "FANVAS_CONFIG",
      "ADMIN_TOKEN",
      "TRUST_PROXY",
    ]) {
      expect(settings).toContain(name);
    }
  });

  it.each(COMPOSE_FILES)(
    "%s sets only settings the server reads, never a test hook, and documents them",
    (file) => {
      const names = Object.keys(fanvasService(file).environment ?? {});
      expect(names.length).toBeGreaterThan(0);
      const readme = read("README.md");
      for (const name of names) {
        expect(settings, `${file} sets ${name}, which src/server/config.ts does not read`).toContain(name);
        expect(name).not.toMatch(/^FANVAS_TEST_/);
        expect(readme, `README.md's table lacks ${name}`).toContain(`| \`${name}\` |`);
      }
    },
  );

  it("the Dockerfile's ENV names are settings the server reads, besides Node's compile cache", () => {
    const names = [...read("Dockerfile").matchAll(/^\s*(?:ENV\s+)?([A-Z][A-Z0-9_]*)=\S+\s*\\?$/gm)].map(
      (match) => match[1] ?? "",
    );
    expect(names).toEqual(["HOST", "PORT", "DATA_DIR", "NODE_COMPILE_CACHE"]);
    for (const name of names.filter((name) => !name.startsWith("NODE_"))) expect(settings).toContain(name);
  });

  it.each(COMPOSE_FILES)("%s publishes the port on loopback only and builds instead of pulling", (file) => {
    const service = fanvasService(file);
    expect(service.ports?.length).toBeGreaterThan(0);
    for (const port of service.ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:/);
    expect(service.pull_policy).toBe("build");
  });

  it("compose.yaml starts Fanvas once PostgreSQL's health check passes", () => {
    const compose = parse(read("compose.yaml")) as ComposeFile;
    expect(fanvasService("compose.yaml").depends_on?.db?.condition).toBe("service_healthy");
    expect(compose.services.db?.healthcheck?.test).toContain("pg_isready");
  });

  describe.runIf(dockerComposeInstalled())("docker-compose config", () => {
    const dir = mkdtempSync(join(tmpdir(), "fanvas-compose-config-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const config = (file: string, env: string) => {
      const envFile = join(dir, `${file}.env`);
      writeFileSync(envFile, env);
      return spawnSync("docker-compose", ["--env-file", envFile, "-f", join(REPO_ROOT, file), "config"], {
        encoding: "utf8",
      });
    };

    it.each(COMPOSE_FILES)("accepts %s with .env.example's settings filled in", (file) => {
      const env = read(".env.example")
        .replace(/^POSTGRES_PASSWORD=$/m, "POSTGRES_PASSWORD=0123456789abcdef")
        .replace(/^ADMIN_TOKEN=$/m, "ADMIN_TOKEN=an-admin-token-of-24-chars");
      const result = config(file, env);
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain("127.0.0.1:8080:8080");
    });

    it("refuses compose.yaml without a database password, naming it", () => {
      const result = config("compose.yaml", "ADMIN_TOKEN=\n");
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain("set POSTGRES_PASSWORD in .env");
    });
  });
});
