import type { FastifyInstance, FastifyRequest } from "fastify";
import type { UploadBudgetSettings } from "../config.ts";
import { HttpError } from "./errors.ts";
import { carriesBody } from "./request-bodies.ts";
import { type BudgetRefusal, type HeldUpload, UploadLedger } from "./upload-ledger.ts";
import { networkKey, visitorKey } from "./visitor.ts";

// Request bodies are held in memory while they arrive and are checked (a JSON body is a string, then parsed
// strings, then decoded PNGs: about three times its size). Every route that takes a body declares its limit
// (`bodyBytes`, http/request-bodies.ts), and the bytes each request may bring are reserved when its headers
// arrive (Content-Length, or the whole limit when the client does not say), and released when the answer is sent
// or the client goes away. Past the process's budget a request is answered 503, past its network's or visitor's
// share 429, before a byte of its body is read; the process keeps serving everyone else. When the room is
// wanted, uploads that have sent nothing for UPLOAD_STALL_SECONDS are cut first: an idle upload must not hold a
// slot a working one needs until the whole request timeout.

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

const RETRY_AFTER_SECONDS = "2";

/** The app-wide hook that reserves and releases each body's bytes, cutting stalled uploads when room is wanted. */
export async function uploadBudget(app: FastifyInstance, options: UploadBudgetOptions): Promise<void> {
  const now = options.now ?? Date.now;
  const ledger = new UploadLedger(options);
  app.decorate("uploadsInFlight", () => ledger.held());
  app.addHook("onRequest", async (request, reply) => {
    const limit = request.routeOptions.config.bodyBytes;
    if (limit === undefined || !carriesBody(request)) return;
    const bytes = Math.min(declaredBytes(request) ?? limit, limit);
    const upload: HeldUpload = {
      bytes,
      visitor: visitorKey(request),
      network: networkKey(request),
      received: () => request.raw.socket?.bytesRead ?? 0,
      complete: () => request.raw.complete,
      cut: () => cutStalled(request),
    };
    const refusal = ledger.reserve(upload, now());
    if (refusal !== undefined) throw refused(refusal);
    // "close" comes once per response, answered or cut by the client.
    reply.raw.once("close", () => ledger.release(upload));
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
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
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
