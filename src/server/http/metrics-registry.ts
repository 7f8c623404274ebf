// A tiny Prometheus registry: counters, gauges and histograms with labels, rendered in the text
// exposition format (version 0.0.4). Small enough that no metrics library is needed.

/** Label names to values; every series of one metric uses the same names. */
export type Labels = Readonly<Record<string, string>>;

interface Metric {
  readonly name: string;
  readonly help: string;
  readonly type: "counter" | "gauge" | "histogram";
  render(): string[];
}

/** A value that only goes up. */
export interface Counter {
  inc(labels?: Labels, amount?: number): void;
}

/** Observations counted into cumulative buckets, with their sum and count. */
export interface Histogram {
  observe(labels: Labels, value: number): void;
}

/** Series read at scrape time (queue depth, pool state), as [labels, value] pairs. */
export type GaugeReader = () => Promise<ReadonlyArray<readonly [Labels, number]>>;

/** The metrics of one app; tests build their own, so no state is shared between apps. */
export class Registry {
  readonly #metrics: Metric[] = [];
  readonly #gauges: { name: string; help: string; read: GaugeReader }[] = [];

  /** A counter; its series appear once incremented. */
  counter(name: string, help: string): Counter {
    const series = new Map<string, number>();
    this.#metrics.push({
      name,
      help,
      type: "counter",
      render: () => [...series].map(([labels, value]) => `${name}${labels} ${value}`),
    });
    return {
      inc: (labels = {}, amount = 1) => {
        const key = formatLabels(labels);
        series.set(key, (series.get(key) ?? 0) + amount);
      },
    };
  }

  /** A histogram over the given upper bounds (seconds, for latencies). */
  histogram(name: string, help: string, buckets: readonly number[]): Histogram {
    const series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
    this.#metrics.push({
      name,
      help,
      type: "histogram",
      render: () =>
        [...series.values()].flatMap(({ labels, counts, sum, count }) => [
          ...buckets.map(
            (bound, index) =>
              `${name}_bucket${formatLabels({ ...labels, le: String(bound) })} ${counts[index]}`,
          ),
          `${name}_bucket${formatLabels({ ...labels, le: "+Inf" })} ${count}`,
          `${name}_sum${formatLabels(labels)} ${sum}`,
          `${name}_count${formatLabels(labels)} ${count}`,
        ]),
    });
    return {
      observe: (labels, value) => {
        const key = formatLabels(labels);
        const entry = series.get(key) ?? { labels, counts: buckets.map(() => 0), sum: 0, count: 0 };
        series.set(key, entry);
        buckets.forEach((bound, index) => {
          if (value <= bound) entry.counts[index] = (entry.counts[index] ?? 0) + 1;
        });
        entry.sum += value;
        entry.count += 1;
      },
    };
  }

  /** A gauge whose series are read when scraped. */
  gauge(name: string, help: string, read: GaugeReader): void {
    this.#gauges.push({ name, help, read });
  }

  /** The whole exposition; a gauge whose reader fails is left out rather than failing the scrape. */
  async render(): Promise<string> {
    const lines: string[] = [];
    for (const metric of this.#metrics) {
      lines.push(`# HELP ${metric.name} ${metric.help}`, `# TYPE ${metric.name} ${metric.type}`);
      lines.push(...metric.render());
    }
    for (const gauge of this.#gauges) {
      const series = await gauge.read().catch(() => undefined);
      if (series === undefined) continue;
      lines.push(`# HELP ${gauge.name} ${gauge.help}`, `# TYPE ${gauge.name} gauge`);
      for (const [labels, value] of series) lines.push(`${gauge.name}${formatLabels(labels)} ${value}`);
    }
    return `${lines.join("\n")}\n`;
  }
}

/** {a="1",b="2"} in a fixed order, with values escaped as the format asks. */
function formatLabels(labels: Labels): string {
  const entries = Object.entries(labels).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return "";
  const body = entries.map(([name, value]) => `${name}="${escapeLabel(value)}"`).join(",");
  return `{${body}}`;
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');
}
