/**
 * The page's first-paint figures: Lighthouse (mobile emulation, its default simulated slow 4G and 4x CPU
 * slowdown) against the real server on a production build of the page, run several times; medians and the
 * spread (min-max) of the category scores, first and largest contentful paint, blocking time and layout shift.
 * Machine's own Chromium only (CHROME_PATH / CHROMIUM_PATH), never a downloaded one.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { build } from "vite";
import { startServer } from "../tests/e2e/helpers/server.ts";
import { ADDRESS_BAR_POPUPS, CHROMIUM_PATH } from "../tests/helpers/chromium.ts";
import type { VerdictRow } from "./benchmarks-file.ts";
import { loadAverage } from "./machine.ts";
import { median, medianAndRange } from "./stats.ts";

const REPO_ROOT = join(import.meta.dirname, "..");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const AUDITS = {
  fcp: "first-contentful-paint",
  lcp: "largest-contentful-paint",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
} as const;

/** One Lighthouse run's figures: scores 0-100, times in ms, layout shift unitless. */
type Figures = Record<(typeof CATEGORIES)[number] | keyof typeof AUDITS, number>;

/** Builds the page and its server-rendering bundle (as npm run build does) into `outDir`. */
export async function buildPage(outDir: string): Promise<void> {
  await build({ root: REPO_ROOT, logLevel: "silent", build: { outDir, emptyOutDir: true } });
  await build({
    root: REPO_ROOT,
    logLevel: "silent",
    build: { ssr: "src/client/server-render.tsx", outDir: join(outDir, ".ssr"), emptyOutDir: true },
  });
}

/**
 * chrome-launcher's own flags, with the address bar's popups added to its --disable-features (Chromium keeps only
 * the last list). Left on, they load in a renderer of their own as Lighthouse starts, about 1.5 s of CPU that
 * competed with the page being measured on 2 cores.
 */
function launcherFlags(): string[] {
  return chromeLauncher.Launcher.defaultFlags().map((flag) =>
    flag.startsWith("--disable-features=") ? `${flag},${ADDRESS_BAR_POPUPS.join(",")}` : flag,
  );
}

/** One Lighthouse run: its figures, or the code of the error that stopped it. */
async function runOnce(url: string): Promise<Figures | string> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
    ignoreDefaultFlags: true,
    chromeFlags: [
      ...launcherFlags(),
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
    ],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
    const lhr = result?.lhr;
    if (lhr === undefined) throw new Error("Lighthouse returned no report");
    // A run Lighthouse could not finish (no paint seen in time, a crashed tab) has no figures, not zeros.
    if (lhr.runtimeError !== undefined) return lhr.runtimeError.code;
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
      fcp: value(AUDITS.fcp),
      lcp: value(AUDITS.lcp),
      tbt: value(AUDITS.tbt),
      cls: value(AUDITS.cls),
    };
  } finally {
    await chrome.kill();
  }
}

/** Runs Lighthouse `runs` times on `/` of a fresh server; resolves with the text and Markdown report. */
export async function runLighthouseBench(
  runs: number,
  clientDir?: string,
): Promise<{ text: string; markdown: string; verdicts: VerdictRow[]; figures: string[] }> {
  const outDir = clientDir ?? (await mkdtemp(join(tmpdir(), "fanvas-lighthouse-")));
  if (clientDir === undefined) await buildPage(outDir);
  const server = await startServer({ env: { FANVAS_CLIENT_DIR: outDir } });
  const samples: Figures[] = [];
  const failures: string[] = [];
  const loadAtStart = loadAverage();
  try {
    for (let run = 0; run < runs; run += 1) {
      const outcome = await runOnce(`${server.url}/`);
      if (typeof outcome === "string") failures.push(outcome);
      else samples.push(outcome);
      process.stderr.write(`lighthouse run ${run + 1}/${runs}: ${JSON.stringify(outcome)}\n`);
    }
  } finally {
    await server.stop();
    if (clientDir === undefined) await rm(outDir, { recursive: true, force: true });
  }
  const column = (key: keyof Figures) => samples.map((sample) => sample[key]);
  const whole = (value: number) => value.toFixed(0);
  const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
  const rows: readonly (readonly [string, string, string])[] = [
    ["performance", medianAndRange(column("performance"), whole), ">= 98"],
    ["accessibility", medianAndRange(column("accessibility"), whole), "100"],
    ["best practices", medianAndRange(column("best-practices"), whole), "100"],
    ["SEO", medianAndRange(column("seo"), whole), "100"],
    ["first contentful paint", medianAndRange(column("fcp"), seconds), "<= 1.2 s"],
    ["largest contentful paint", medianAndRange(column("lcp"), seconds), "-"],
    ["total blocking time", medianAndRange(column("tbt"), (v) => `${v.toFixed(0)} ms`), "-"],
    ["cumulative layout shift", medianAndRange(column("cls"), (v) => v.toFixed(3)), "-"],
  ];
  // Simulated throttling multiplies the CPU time the page really took: other work on the machine shows up.
  const load = `load average ${loadAtStart.toFixed(1)} at start, ${loadAverage().toFixed(1)} at end`;
  const failed = failures.length === 0 ? "" : `; ${failures.length} failed, left out: ${failures.join(", ")}`;
  const heading = `Lighthouse ${samples.length} runs on / (mobile emulation, simulated throttling; ${load}${failed}), median (min-max)`;
  const text = [
    heading,
    ...rows.map(([name, value, target]) => `  ${name}: ${value}   target ${target}`),
  ].join("\n");
  const markdown = [
    "| Figure | Median (min-max) | Target |",
    "| --- | --- | --- |",
    ...rows.map(([name, value, target]) => `| ${name} | ${value} | ${target} |`),
  ].join("\n");
  const judged = (met: boolean) => (samples.length === 0 ? "not run" : met ? "met" : "not met");
  const scores = (["accessibility", "best-practices", "seo"] as const).map((key) => column(key));
  const verdicts: VerdictRow[] = [
    [
      `performance, ${samples.length} runs`,
      medianAndRange(column("performance"), whole),
      ">= 98",
      judged(median(column("performance")) >= 98),
    ],
    [
      "accessibility / best practices / SEO",
      scores.map((values) => medianAndRange(values, whole)).join(" / "),
      "100",
      judged(scores.every((values) => median(values) >= 100)),
    ],
    [
      "first contentful paint",
      medianAndRange(column("fcp"), seconds),
      "<= 1.2 s",
      judged(median(column("fcp")) <= 1200),
    ],
  ];
  const figures = [
    `largest contentful paint ${medianAndRange(column("lcp"), seconds)}; total blocking time ${medianAndRange(column("tbt"), (v) => `${v.toFixed(0)} ms`)}; ${load}${failed}.`,
  ];
  return { text, markdown: `### ${heading}\n\n${markdown}\n`, verdicts, figures };
}
