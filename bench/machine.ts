import { cpus, loadavg, platform, release, totalmem } from "node:os";

// Every bench report names the machine it ran on and how busy it was: a shared machine makes every figure worse.

/** The one-minute load average now. */
export function loadAverage(): number {
  return loadavg()[0] ?? 0;
}

/** Today as YYYY-MM-DD (UTC), the date a report carries. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** "<cpu>, N cores, N GiB, <os> <release>, Node <version>, load average X at start". */
export function machine(loadAtStart: number): string {
  const cpu = cpus();
  const memory = (totalmem() / 2 ** 30).toFixed(0);
  const model = cpu[0]?.model.trim() ?? "unknown CPU";
  return `${model}, ${cpu.length} cores, ${memory} GiB, ${platform()} ${release()}, Node ${process.version}, load average ${loadAtStart.toFixed(1)} at start`;
}

/** A report's first line: "<date> - <machine>". */
export function machineHeading(loadAtStart: number): string {
  return `${today()} - ${machine(loadAtStart)}`;
}
