// The areas `npm run bench` measures, in the order BENCHMARKS.md shows them. Each is one `--only` of bench/run.ts
// and one section of BENCHMARKS.md; the page bench also writes the fill's and the first load's sections, as it
// measures them too.

/** One area of the bench: the name `--only` takes and the title its section carries. */
export interface BenchArea {
  readonly name: string;
  readonly title: string;
}

/** Every area, in the order of BENCHMARKS.md. */
export const AREAS = [
  { name: "page", title: "Drawing on the page, against the bare Canvas2D loop and two libraries" },
  { name: "fill", title: "Fill" },
  { name: "first-load", title: "First load: the page's JS and CSS before the load event" },
  { name: "lighthouse", title: "First paint (Lighthouse, mobile)" },
  { name: "server", title: "Saves, serving and stored bytes" },
  { name: "validation", title: "Validating one upload" },
  { name: "wall", title: "The wall's lists as the wall grows" },
  { name: "codec", title: "The drawing document's encoding" },
  { name: "document", title: "The drawing's log in the page" },
  { name: "timelapse", title: "Timelapse" },
  { name: "soak", title: "Memory and /healthz under hostile load" },
  { name: "rooms", title: "Live rooms' fan-out" },
  { name: "container", title: "The container image" },
] as const satisfies readonly BenchArea[];

/** The name of an area (what `--only` takes). */
export type AreaName = (typeof AREAS)[number]["name"];

/** The command that measures an area again. */
export function areaCommand(area: AreaName): string {
  return `npm run bench -- --only ${area}`;
}
