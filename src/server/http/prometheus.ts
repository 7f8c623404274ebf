import { monitorEventLoopDelay } from "node:perf_hooks";
import { collectDefaultMetrics, Gauge, Registry } from "prom-client";

// prom-client renders the exposition and keeps the series; these are the two things Fanvas adds to it: gauges
// read when scraped (a failing read drops its series rather than the scrape), and the process's default Node
// metrics collected once per process, however many apps (tests) it builds.

/** Label names to values; every series of one metric uses the same names. */
export type Labels = Readonly<Record<string, string>>;

/** Series read at scrape time (queue depth, pool state), as [labels, value] pairs. */
export type GaugeReader = () => Promise<ReadonlyArray<readonly [Labels, number]>>;

/** A gauge on `registry` whose series are whatever `read` says at each scrape. */
export function scrapedGauge(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly string[],
  read: GaugeReader,
): void {
  new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      const series = await read().catch(() => []);
      this.reset();
      // Labels in name order, as every other series of the exposition writes them.
      for (const [labels, value] of series) this.set(sortedLabels(labels), value);
    },
  });
}

/** The same labels with their names in alphabetical order (prom-client writes them in the order given). */
export function sortedLabels(labels: Labels): Labels {
  return Object.fromEntries(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));
}

let processRegistry: Registry | undefined;

/**
 * The process's metrics in the exposition format, less the series that have no value: the event loop's
 * lag statistics are NaN when no sample came since the last scrape, and a series with no value says nothing.
 */
export async function processExposition(): Promise<string> {
  const text = await processMetrics().metrics();
  return text
    .split("\n")
    .filter((line) => !/ Nan$/.test(line))
    .join("\n");
}

/**
 * The process's own metrics (event-loop lag, GC, heap, handles, CPU, file descriptors): one registry per process,
 * since the process is one whatever number of apps it runs, and each collector samples for as long as it lives.
 */
export function processMetrics(): Registry {
  if (processRegistry === undefined) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
    lagQuantilesAsLabels(processRegistry);
  }
  return processRegistry;
}

/** prom-client's event-loop lag percentiles: one metric per percentile, a digit in each name. */
const LAG_PERCENTILE_NAMES = [50, 90, 99].map((p) => `nodejs_eventloop_lag_p${p}_seconds`);
/** The same percentiles, as quantiles. */
const LAG_QUANTILES = [0.5, 0.9, 0.99];

/**
 * Serves the lag's percentiles as nodejs_eventloop_lag_quantile_seconds{quantile} instead of prom-client's
 * nodejs_eventloop_lag_p50_seconds and the like: a metric name here holds no digits (the exposition's names are
 * [a-z_]), and a quantile is a label in Prometheus' own summaries. Read from a monitor of its own, so a scrape
 * that comes before any sample (two scrapes within 10 ms) leaves the series out rather than report nothing as 0.
 */
function lagQuantilesAsLabels(registry: Registry): void {
  for (const name of LAG_PERCENTILE_NAMES) registry.removeSingleMetric(name);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  scrapedGauge(
    registry,
    "nodejs_eventloop_lag_quantile_seconds",
    "Event loop lag since the last scrape, by quantile.",
    ["quantile"],
    async () => {
      if (delay.count === 0) return [];
      const series = LAG_QUANTILES.map(
        (quantile) => [{ quantile: String(quantile) }, delay.percentile(quantile * 100) / 1e9] as const,
      );
      delay.reset();
      return series;
    },
  );
}
