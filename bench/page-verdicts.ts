import type { VerdictRow } from "./benchmarks-file.ts";
import type { SystemSummary } from "./measure.ts";
import type { SystemName } from "./page/api.ts";
import { describePaired } from "./paired.ts";
import { formatMs, median, middleHalf } from "./stats.ts";
import { kb } from "./tables.ts";

// The page bench's verdicts: each target Fanvas is judged against, kept as fields until a report prints it.

/** The frame interval 60 fps allows, ms. */
const TARGET_FPS_INTERVAL = 17;

/** One target judged for Fanvas: the figure, what it came to, the target and the outcome. */
export interface PageVerdict {
  readonly figure: string;
  readonly result: string;
  readonly target: string;
  /** "met", or MISSED and by how much. */
  readonly outcome: string;
}

/** What the verdicts say when Fanvas has no figures to judge. */
const NOT_MEASURED = "Fanvas was not measured.";

/** Judges `value` against `limit`; `shown` is the result as the report writes it. */
function verdict(
  figure: string,
  value: number,
  shown: string,
  limit: number,
  target: string,
  unit: string,
): PageVerdict {
  const outcome = value <= limit ? "met" : `MISSED by ${formatMs(value - limit)}${unit}`;
  return { figure, result: shown, target, outcome };
}

/** Judges a ratio against the targets' "within 1.1x"; `shown` adds to the ratio what the report says beside it. */
function ratioVerdict(figure: string, ratio: number, shown = "", target = "<= 1.1x"): PageVerdict {
  return verdict(figure, ratio, `${ratio.toFixed(2)}x${shown}`, 1.1, target, "x");
}

/** One verdict per target for Fanvas (the engine's, the brush cursor's, the zoom's); null when unmeasured. */
function judgePage(summaries: readonly SystemSummary[]): PageVerdict[] | null {
  const find = (name: SystemName) => summaries.find((summary) => summary.name === name);
  const fanvas = find("fanvas");
  if (fanvas === undefined) return null;
  const floorFull = find("floor")?.moveFull ?? null;
  const harness = find("harness")?.moveEmpty ?? null;
  const { moveFull: full, moveEmpty: empty, frameInterval, undo, restore, initialBytes } = fanvas;
  const judged: PageVerdict[] = [];
  if (full !== null && floorFull !== null) {
    const ratio = full / floorFull;
    const net =
      harness === null
        ? ""
        : `; net of the harness row ${((full - harness) / (floorFull - harness)).toFixed(2)}x`;
    const paired = fanvas.sideBySide;
    if (paired === null) judged.push(ratioVerdict("ms / move at full drawing vs floor", ratio, net));
    else {
      // Side by side decides: the runs' medians come from pages a minute apart (see bench/paired.ts).
      const shown = `, side by side: ${describePaired(paired)}; the runs' medians ${ratio.toFixed(2)}x${net}`;
      judged.push(ratioVerdict("ms / move at full drawing vs floor", paired.ratio, shown));
    }
  }
  if (full !== null && empty !== null) {
    judged.push(ratioVerdict("ms / move at full drawing vs own empty", full / empty));
  }
  if (frameInterval !== null) {
    const shown = `${formatMs(frameInterval)} ms a frame (${(1000 / frameInterval).toFixed(0)} fps)`;
    judged.push(
      verdict("frame interval while drawing", frameInterval, shown, TARGET_FPS_INTERVAL, "60 fps", " ms"),
    );
  }
  if (undo !== null) {
    const shown = `${formatMs(undo)} ms on screen, ${formatMs(fanvas.undoCpu)} ms main-thread CPU`;
    judged.push(verdict("one undo", undo, shown, 16, "<= 16 ms", " ms"));
  }
  if (restore !== null) {
    const judgedRestore = verdict("restore", restore, `${formatMs(restore)} ms`, 100, "<= 100 ms", " ms");
    const pending = fanvas.restorePending ? " (pending: see the restore note)" : "";
    judged.push({ ...judgedRestore, outcome: `${judgedRestore.outcome}${pending}` });
  }
  const zoomed = find("fanvas-zoomed");
  const zoomedFull = zoomed?.moveFull ?? null;
  if (zoomedFull !== null && full !== null) {
    const figure = "ms / move at full drawing zoomed 4x vs unzoomed";
    const paired = zoomed?.sideBySide ?? null;
    if (paired === null) judged.push(ratioVerdict(figure, zoomedFull / full));
    else {
      const shown = `, side by side: ${describePaired(paired)}; the runs' medians ${(zoomedFull / full).toFixed(2)}x`;
      judged.push(ratioVerdict(figure, paired.ratio, shown));
    }
  }
  const cursorRatios = find("fanvas-cursor")?.cursorRatios ?? [];
  if (cursorRatios.length > 0) {
    const ratio = median(cursorRatios);
    const spread = middleHalf(cursorRatios);
    judged.push(
      ratioVerdict(
        "ms / move at full drawing with the brush cursor vs without",
        ratio,
        ` (median of ${cursorRatios.length} interleaved on/off pairs, middle half ${spread})`,
        "<= 1.1x (no measurable cost)",
      ),
    );
  }
  if (initialBytes !== null) {
    const kilobytes = initialBytes / 1000;
    judged.push(verdict("initial JS + CSS gzipped", kilobytes, kb(initialBytes), 80, "<= 80 KB", " KB"));
  }
  return judged;
}

/** The verdicts as the report's lines: "<figure>: <result> (target <target>): <outcome>". */
export function verdictLines(summaries: readonly SystemSummary[]): string[] {
  const judged = judgePage(summaries);
  if (judged === null) return [NOT_MEASURED];
  return judged.map(
    ({ figure, result, target, outcome }) => `${figure}: ${result} (target ${target}): ${outcome}`,
  );
}

/** The page's verdicts as rows of its verdict table: figure, result, target, verdict. */
export function pageVerdicts(summaries: readonly SystemSummary[]): VerdictRow[] {
  const judged = judgePage(summaries);
  if (judged === null) return [[NOT_MEASURED, "", "", ""]];
  return judged.map(({ figure, result, target, outcome }) => [figure, result, target, outcome]);
}
