import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { resolve } from "node:path";
import { readSettings } from "../config.ts";
import { openStore } from "../db/open.ts";
import { fileArgument, runCommand } from "./command.ts";
import { exportVisibleDrawings } from "./zip-export.ts";

// npm run export -- out.zip: every visible drawing as <id>.png (and <id>.fvdr, its making) plus index.json
// (docs/export-format.md), from the store the
// server would open (DATA_DIR or DATABASE_URL). The archive appears under its name only when complete.

runCommand("Export", async () => {
  const target = fileArgument("npm run export -- <out.zip> (writes every visible drawing and index.json).");
  const path = resolve(target);
  const partial = `${path}.partial`;
  const started = Date.now();
  const store = await openStore(readSettings(process.env).store);
  try {
    const summary = await exportVisibleDrawings(store.db, createWriteStream(partial));
    await rename(partial, path);
    const megabytes = (summary.pngBytes / 1_048_576).toFixed(1);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Exported ${summary.drawings} visible drawings (${megabytes} MB of PNG, ${summary.makings} with their making) to ${path} in ${seconds} s`,
    );
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await store.close();
  }
});
