import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

// npm run check runs this after tsc and Biome: the rules of docs/architecture.md that a type checker cannot
// see. Every import of src/ (type imports too) is read as text; a broken rule prints one line per offence.
// `node scripts/check-architecture.ts <dir>` checks another tree laid out the same way (its test plants offences).

const ROOT = resolve(process.argv[2] ?? resolve(import.meta.dirname, ".."));
const SOURCE = join(ROOT, "src");
/** Code that imports packages besides src/: each must be in package.json, or a fresh `npm ci` may lack it. */
const OTHER_CODE = ["bench", "scripts", "tests"].map((dir) => join(ROOT, dir)).filter(existsSync);
const MANIFEST = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
const DECLARED = new Set(Object.keys({ ...MANIFEST.dependencies, ...MANIFEST.devDependencies }));
/** STYLE.md: small files, every one in src/ (server, shared code and the page, stylesheets included). */
const MAX_LINES = 250;
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)|(?:^|\n)import\s+"([^"]+)"/g;

/** A rule over one import: `from` imports `to` (a repo-relative path, or a package name). */
interface Rule {
  readonly why: string;
  readonly applies: (from: string) => boolean;
  readonly forbids: (to: string) => boolean;
}

const DATABASE_PACKAGES = ["kysely", "pg", "node:sqlite"];
/** What the server's plumbing may build on: the store, the configuration, and (for http/) http/ itself. */
const STORE_AND_CONFIG = /^src\/server\/(db\/|config(-[a-z]+)?\.ts$)/;
const RULES: readonly Rule[] = [
  {
    why: "the page never imports server code",
    applies: (from) => from.startsWith("src/client/"),
    forbids: (to) => to.startsWith("src/server/"),
  },
  {
    why: "shared code imports only shared code",
    applies: (from) => from.startsWith("src/common/"),
    forbids: (to) => to.startsWith("src/") && !to.startsWith("src/common/"),
  },
  {
    why: "the store knows no HTTP",
    applies: (from) => from.startsWith("src/server/db/") || /queries\.ts$/.test(from),
    forbids: (to) => to === "fastify" || to.startsWith("@fastify/") || to.startsWith("src/server/http/"),
  },
  {
    why: "image work knows no database",
    applies: (from) => from.startsWith("src/server/png/"),
    forbids: (to) =>
      DATABASE_PACKAGES.includes(to) || to.startsWith("src/server/db/") || /queries\.ts$/.test(to),
  },
  {
    why: "http/ is what every feature builds on, so it imports none (a route says what it is in its own config)",
    applies: (from) => from.startsWith("src/server/http/"),
    forbids: (to) =>
      to.startsWith("src/server/") && !to.startsWith("src/server/http/") && !STORE_AND_CONFIG.test(to),
  },
  {
    why: "the store imports no feature (live/ and the rest build on it, never it on them)",
    applies: (from) => from.startsWith("src/server/db/"),
    forbids: (to) => to.startsWith("src/server/") && !STORE_AND_CONFIG.test(to),
  },
  {
    why: "the configuration imports no server module but its own, so it is in no cycle",
    applies: (from) => /^src\/server\/config(-[a-z]+)?\.ts$/.test(from),
    forbids: (to) => to.startsWith("src/server/") && !/^src\/server\/config-[a-z]+\.ts$/.test(to),
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|css)$/.test(entry.name) ? [path] : [];
  });
}

/** What a file's imports name, as written ("./x.ts", "node:fs", "react-dom/client"). */
function specsOf(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3] ?? "");
}

/** Repo-relative paths of relative imports; package names as written (node:fs, kysely, fastify/...). */
function importsOf(file: string, specs: readonly string[]): string[] {
  return specs.map((spec) =>
    spec.startsWith(".") ? relative(ROOT, resolve(dirname(file), spec)) : packageOf(spec),
  );
}

/** The packages imported, by package name ("react-dom" for "react-dom/client"); node: built-ins left out. */
function packagesOf(specs: readonly string[]): string[] {
  return specs.filter((spec) => !spec.startsWith(".") && !spec.startsWith("node:")).map(packageOf);
}

/** package.json must declare every package `file` imports. */
function checkDeclared(file: string, specs: readonly string[]): void {
  for (const name of packagesOf(specs).filter((name) => !DECLARED.has(name)))
    problems.push(`${relative(ROOT, file)} imports ${name}, which package.json does not declare.`);
}

function packageOf(spec: string): string {
  return spec
    .split("/")
    .slice(0, spec.startsWith("@") ? 2 : 1)
    .join("/");
}

/** Every cycle of the graph, each once, as the path that closes it. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const visit = (node: string) => {
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (onStack.has(next)) found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!done.has(next) && graph.has(next)) visit(next);
    }
    stack.pop();
    onStack.delete(node);
    done.add(node);
  };
  for (const node of graph.keys()) if (!done.has(node)) visit(node);
  return found;
}

const problems: string[] = [];
const graph = new Map<string, string[]>();
for (const file of sourceFiles(SOURCE)) {
  const name = relative(ROOT, file);
  const text = readFileSync(file, "utf8");
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  if (lines > MAX_LINES) {
    problems.push(`${name} has ${lines} lines; split it (at most ${MAX_LINES}).`);
  }
  if (!/\.tsx?$/.test(name)) continue;
  const specs = specsOf(text);
  checkDeclared(file, specs);
  const imports = importsOf(file, specs);
  graph.set(name, imports);
  for (const rule of RULES) {
    if (!rule.applies(name)) continue;
    for (const target of imports.filter(rule.forbids))
      problems.push(`${name} imports ${target}: ${rule.why}.`);
  }
}
for (const cycle of cycles(graph)) problems.push(`import cycle: ${cycle.join(" -> ")}`);
// The rest of the code (bench, scripts, tests) only has to declare what it imports.
for (const file of OTHER_CODE.flatMap(sourceFiles).filter((path) => /\.tsx?$/.test(path))) {
  checkDeclared(file, specsOf(readFileSync(file, "utf8")));
}

// React is the one HTML escaper: every page is rendered by the page's server bundle (src/client/server-render.tsx),
// so code that spells an HTML entity is a second escaper. The link card's title is Pango markup for sharp, not HTML.
const HTML_ENTITY = /&(?:(?:amp|lt|gt|quot|apos|#\d+|#x[\da-f]+);|#\$\{)/i;
const NOT_HTML = new Set(["src/server/png/card.ts"]);
for (const file of sourceFiles(SOURCE).filter((path) => /\.tsx?$/.test(path))) {
  const name = relative(ROOT, file);
  if (!NOT_HTML.has(name) && HTML_ENTITY.test(readFileSync(file, "utf8")))
    problems.push(`${name} escapes HTML itself: React renders every page and is the one escaper.`);
}

if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(`architecture: ${graph.size} modules, no import cycle, every rule holds`);
