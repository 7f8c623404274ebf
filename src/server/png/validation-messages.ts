import type { MakingVerdict } from "../making/check-making.ts";
import type { PngWork } from "./work.ts";

// What crosses between the event loop (png/validation-pool.ts) and a validation thread (png/validation-thread.ts).

/** One part of an upload to check, its picture or its log. The bytes are copies transferred to this thread. */
export interface ValidationRequest {
  readonly id: number;
  /** The PNG, when this request checks it. */
  readonly bytes?: Uint8Array;
  /** The drawing's log uploaded beside the PNG, with the stickers the page offers. */
  readonly making?: MakingToCheck;
}

/** A save's making to decode on the thread (making/check-making.ts). */
export interface MakingToCheck {
  readonly bytes: Uint8Array;
  readonly stickers: ReadonlySet<string>;
}

/**
 * Ends the thread where it stands between two uploads (tests only): what it was handed after this fails. A
 * stop between uploads, not Worker.terminate(), which may interrupt an inflate being set up and abort the
 * whole process (Node 24's zlib asserts "close before init").
 */
export interface StopRequest {
  readonly stop: true;
}

/** The refusal a validation ended in, as it crosses the thread. */
export interface CrossingRefusal {
  readonly statusCode: number;
  readonly code: string;
  readonly message: string;
  /** The PNG itself was refused (not its making): PostgREST calls that 22023. */
  readonly imageRefused: boolean;
}

/** The answer: the work done, and the refusal or unexpected failure when the upload did not pass. */
export interface ValidationAnswer {
  readonly id: number;
  readonly work: PngWork;
  /** Where the making starts and its bytes' hash, when one was checked and passed. */
  readonly making?: MakingVerdict;
  readonly refusal?: CrossingRefusal;
  readonly failure?: string;
}
