/** A table as rows of cells, header first. */
export type Table = readonly (readonly string[])[];

/** Aligned columns for the terminal. */
export function textTable(table: Table): string {
  const widths =
    table[0]?.map((_, column) => Math.max(...table.map((row) => (row[column] ?? "").length))) ?? [];
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd();
  const [header, ...body] = table;
  return [line(header ?? []), widths.map((width) => "-".repeat(width)).join("  "), ...body.map(line)].join(
    "\n",
  );
}

/** A GitHub-flavoured Markdown table. */
export function markdownTable(table: Table): string {
  const line = (row: readonly string[]) => `| ${row.join(" | ")} |`;
  const [header, ...body] = table;
  return [line(header ?? []), line((header ?? []).map(() => "---")), ...body.map(line)].join("\n");
}

/** Bytes as "12.3 KB" (1 KB = 1,000 bytes, as the page bench counts). */
export function kb(bytes: number): string {
  return Number.isFinite(bytes) ? `${(bytes / 1000).toFixed(1)} KB` : "n/a";
}

/** Milliseconds with about three significant digits. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return "n/a";
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

/** A rate as "1,234/s". */
export function rate(value: number): string {
  return Number.isFinite(value) ? `${Math.round(value).toLocaleString("en-US")}/s` : "n/a";
}

/** "0.42x". */
export function ratio(value: number, reference: number): string {
  return Number.isFinite(value / reference) ? `${(value / reference).toFixed(2)}x` : "n/a";
}
