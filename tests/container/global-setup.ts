import { mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { uniqueName } from "./helpers/container.ts";
import { buildImages, removeImage } from "./helpers/image.ts";
import { containerTestsRun } from "./helpers/podman.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the image build writes its outcome (helpers/images.ts reads it); null when the tests do not run. */
    containerImages: string | null;
  }
}

/**
 * Starts building the images as the whole run starts and returns at once: the build (mostly downloads) overlaps
 * the other projects' tests, and the container tests, which run after them (sequence.groupOrder), wait for its
 * outcome. Afterwards the test image's tag is removed; its layers stay cached for the next build.
 */
export default function setup(project: TestProject): (() => Promise<void>) | undefined {
  if (!containerTestsRun()) {
    project.provide("containerImages", null);
    return undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), "fanvas-container-tests-"));
  const outcome = join(dir, "images.json");
  const tag = `localhost/${uniqueName("fanvas-test")}:latest`;
  // Written whole under another name first: a test polling for the file never reads half of it.
  const write = (result: object) => {
    writeFileSync(`${outcome}.partial`, JSON.stringify(result));
    renameSync(`${outcome}.partial`, outcome);
  };
  const building = buildImages(tag).then(
    (images) => write({ images }),
    (error: unknown) => write({ error: error instanceof Error ? error.message : String(error) }),
  );
  project.provide("containerImages", outcome);
  return async () => {
    await building;
    await removeImage(tag);
    rmSync(dir, { recursive: true, force: true });
  };
}
