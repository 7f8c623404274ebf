import { Writable } from "node:stream";
import type { FastifyServerOptions } from "fastify";
import { loggerOptions } from "../../../src/server/http/request-log.ts";

/** The app's JSON log lines kept in memory, as production writes them to stderr. */
export interface MemoryLog {
  readonly logger: FastifyServerOptions["logger"];
  /** Every line so far, parsed. */
  lines(): Record<string, unknown>[];
  /** The lines with this message. */
  withMessage(message: string): Record<string, unknown>[];
}

/** A logger at `level` writing into memory. */
export function memoryLog(level = "info"): MemoryLog {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const lines = () =>
    chunks
      .join("")
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return {
    logger: loggerOptions(level, stream),
    lines,
    withMessage: (message) => lines().filter((line) => line.msg === message),
  };
}
