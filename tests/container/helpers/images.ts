import { existsSync, readFileSync } from "node:fs";
import { inject } from "vitest";
import type { BuiltImages } from "./image.ts";

/** A cold build on a slow machine: the stand-ins, then every dependency downloaded twice. */
export const IMAGES_DEADLINE_MS = 15 * 60_000;

/** The images tests/container/global-setup.ts built for this run, once it is done; rejects with its failure. */
export async function builtImages(): Promise<BuiltImages> {
  const outcome = inject("containerImages");
  if (outcome === null)
    throw new Error("the container tests do not run here (no podman), yet one asked for images");
  const deadline = performance.now() + IMAGES_DEADLINE_MS;
  while (!existsSync(outcome)) {
    if (performance.now() > deadline)
      throw new Error(`no image build outcome after ${IMAGES_DEADLINE_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const result = JSON.parse(readFileSync(outcome, "utf8")) as { images?: BuiltImages; error?: string };
  if (result.images === undefined) throw new Error(`the image build failed: ${result.error}`);
  return result.images;
}
