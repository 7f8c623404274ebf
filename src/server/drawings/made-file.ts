import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type DrawingFile, sendDrawingFile } from "../http/drawing-file.ts";
import type { HttpError } from "../http/errors.ts";
import { visitorKey } from "../http/visitor.ts";
import type { OnDemand } from "./made-on-demand.ts";

/** A file the background job makes (a thumbnail, a link card) that a request may also have made now. */
export interface MadeFile {
  /** The bytes the job stored (in the current style), or undefined when it has not got to this drawing yet. */
  readonly stored: Buffer | undefined;
  readonly onDemand: OnDemand<Buffer>;
  readonly type: DrawingFile["type"];
  /** Where a visitor whose makes are already running is sent instead: a file that is always there. */
  readonly busyPath: string;
  /** The refusal once the drawing is not on the wall (any more). */
  readonly gone: () => HttpError;
}

/**
 * Sends the stored file, or one made now (once however many ask), with a strong ETag from its bytes; a visitor
 * whose makes are busy is redirected, uncached, to `busyPath`.
 */
export async function sendMadeFile(
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
  file: MadeFile,
): Promise<FastifyReply> {
  let bytes = file.stored;
  if (bytes === undefined) {
    const made = await file.onDemand(id, visitorKey(request));
    if (made.kind === "gone") throw file.gone();
    if (made.kind === "busy") return reply.header("cache-control", "no-store").redirect(file.busyPath, 307);
    bytes = made.image;
  }
  const etag = `"${createHash("sha256").update(bytes).digest("hex").slice(0, 32)}"`;
  return sendDrawingFile(request, reply, { bytes, etag, type: file.type });
}
