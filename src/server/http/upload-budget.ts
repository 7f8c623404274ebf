import { Transform } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { UploadBudgetSettings } from "../config.ts";
import { HttpError } from "./errors.ts";
import { carriesBody } from "./request-bodies.ts";
import { type BudgetRefusal, type HeldUpload, SMALL_BODY_BYTES, UploadLedger } from "./upload-ledger.ts";
import { networkKey, visitorKey } from "./visitor.ts";

// Request bodies are held in memory while they arrive and are checked (a JSON body is a string, then parsed
// strings, then decoded PNGs: about three times its size). Every route that takes a body declares its limit
// (`bodyBytes`, http/request-bodies.ts), and the bytes each request may bring are reserved before they are read:
// a body of declared length (Content-Length) all of it when its headers arrive, a chunked one a first slice, then
// the rest as it arrives (an idle chunked upload holds a slice, not its route's whole limit). Everything is
// released when the answer is sent or the client goes away. Past the process's budget a request is answered 503,
// past its network's or visitor's share 429, before a byte of the body it could not hold is read; the process
// keeps serving everyone else. When room is wanted, uploads that have sent nothing for UPLOAD_STALL_SECONDS are
// cut first: an idle upload must not hold a place a working one needs until the whole request timeout.

declare module "fastify" {
  interface FastifyInstance {
    /** Upload bytes reserved right now, and the uploads holding them (the metrics report them). */
    uploadsInFlight(): { readonly bytes: number; readonly uploads: number };
  }
}

/** Options of the budget: the settings, and the clock (tests of stalls pass their own). */
export interface UploadBudgetOptions extends UploadBudgetSettings {
  readonly now?: () => number;
}

/** What a chunked body holds before its first bytes: a real drawing (~120 KB) and its JSON fit. */
export const CHUNKED_FIRST_SLICE = 256 * 1024;
const RETRY_AFTER_SECONDS = "2";

/** The app-wide hooks that reserve and release each body's bytes, cutting stalled uploads when room is wanted. */
export async function uploadBudget(app: FastifyInstance, options: UploadBudgetOptions): Promise<void> {
  const now = options.now ?? Date.now;
  const ledger = new UploadLedger(options);
  const chunked = new WeakMap<FastifyRequest, { upload: HeldUpload; reserved: number; limit: number }>();
  app.decorate("uploadsInFlight", () => ledger.held());
  app.addHook("onRequest", async (request, reply) => {
    const limit = request.routeOptions.config.bodyBytes;
    if (limit === undefined || !carriesBody(request)) return;
    const declared = declaredBytes(request);
    const bytes = Math.min(declared ?? CHUNKED_FIRST_SLICE, limit);
    const upload: HeldUpload = {
      visitor: visitorKey(request),
      network: networkKey(request),
      small: limit <= SMALL_BODY_BYTES,
      received: () => request.raw.socket?.bytesRead ?? 0,
      complete: () => request.raw.complete,
      cut: () => cutStalled(request),
    };
    const refusal = ledger.reserve(upload, bytes, now());
    if (refusal !== undefined) throw refused(refusal);
    // "close" comes once per response, answered or cut by the client.
    reply.raw.once("close", () => ledger.release(upload));
    if (declared === undefined && bytes < limit) chunked.set(request, { upload, reserved: bytes, limit });
  });
  app.addHook("preParsing", async (request, _reply, payload) => {
    const growing = chunked.get(request);
    if (growing === undefined) return payload;
    let { reserved } = growing;
    let received = 0;
    const reserving = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (received > reserved && reserved < growing.limit) {
          // Doubling keeps the number of reservations small; the route's own limit refuses anything past it.
          const more = Math.min(growing.limit, Math.max(received, reserved * 2)) - reserved;
          const refusal = ledger.grow(growing.upload, more, now());
          if (refusal !== undefined) return done(refused(refusal));
          reserved += more;
        }
        done(null, chunk);
      },
    });
    // Not pipeline(): a refusal must leave the socket open for its answer (then closed: request-bodies.ts).
    payload.on("error", (error) => reserving.destroy(error));
    return payload.pipe(reserving);
  });
}

/** Ends an upload that stopped sending while others wait for its room: the socket goes, and with it its body. */
function cutStalled(request: FastifyRequest): void {
  request.log.info({ visitor: visitorKey(request) }, "stalled upload cut: its budget was wanted");
  request.raw.destroy();
}

/** The Content-Length the client declared; undefined when it sends the body chunked (or says nothing). */
function declaredBytes(request: FastifyRequest): number | undefined {
  const length = Number(request.headers["content-length"]);
  return request.headers["content-length"] !== undefined && Number.isSafeInteger(length) && length >= 0
    ? length
    : undefined;
}

/** A refusal for now: the client may send the same upload again after Retry-After. */
function refused(refusal: BudgetRefusal): HttpError {
  const headers = { "retry-after": RETRY_AFTER_SECONDS };
  switch (refusal) {
    case "visitor":
      return new HttpError(
        429,
        "uploads_in_flight",
        "This address already has as many uploads on their way as it may; wait for them to finish, then send this one again.",
        { headers },
      );
    case "network":
      return new HttpError(
        429,
        "uploads_in_flight",
        "Addresses of this network already have as many uploads on their way as it may; send this one again in a moment.",
        { headers },
      );
    case "process":
      return new HttpError(
        503,
        "busy",
        "The server is receiving as many uploads as it can hold right now; send this one again in a moment.",
        { headers },
      );
  }
}
