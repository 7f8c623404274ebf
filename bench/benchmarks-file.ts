import { readFile, writeFile } from "node:fs/promises";

// npm run bench writes its figures into BENCHMARKS.md itself: each generated part sits between
// <!-- bench:NAME --> and <!-- /bench:NAME -->, and only the parts of the benches that ran are replaced.

/** The verdicts at a glance: one row per target (issue, figure, result, target, verdict). */
export function verdictTable(rows: readonly (readonly string[])[]): string {
  const line = (row: readonly string[]) => `| ${row.map((cell) => cell.replace(/\|/g, "\\|")).join(" | ")} |`;
  return [
    line(["Issue", "Figure", "Result", "Target", "Verdict"]),
    line(["---", "---", "---", "---", "---"]),
    ...rows.map(line),
  ].join("\n");
}

/** Replaces each named block of the file with its new text; a block the file lacks is an error naming it. */
export async function updateBenchmarksFile(
  path: string,
  blocks: Readonly<Record<string, string>>,
): Promise<void> {
  let text = await readFile(path, "utf8");
  for (const [name, content] of Object.entries(blocks)) {
    const open = `<!-- bench:${name} -->`;
    const close = `<!-- /bench:${name} -->`;
    const start = text.indexOf(open);
    const end = text.indexOf(close);
    if (start < 0 || end < start) throw new Error(`${path} has no ${open} ... ${close} block to write into`);
    text = `${text.slice(0, start + open.length)}\n${content.trim()}\n${text.slice(end)}`;
  }
  await writeFile(path, text);
}
