import { parentPort } from "node:worker_threads";
import { HttpError } from "../http/errors.ts";
import { checkMaking } from "../making/check-making.ts";
import { checkDrawingPng } from "./validate.ts";
import type { StopRequest, ValidationAnswer, ValidationRequest } from "./validation-messages.ts";
import { newPngWork } from "./work.ts";

// A validation thread (started by png/validation-pool.ts): runs checkDrawingPng on uploads handed over by the
// event loop, and decodes the drawing's log a save carries (the pool hands each to its own thread). Its point is memory, not speed: each validation inflates 1.44 MB of image data, and freeing that
// garbage makes V8 mark the whole heap of the isolate that allocated it. Here that isolate holds only this
// module, so its collections cost almost nothing; on the event loop they marked every module of the server,
// about every 40 saves (the server bench, docs/decisions/0013-validation-threads.md).

parentPort?.on("message", async (request: ValidationRequest | StopRequest) => {
  if ("stop" in request) process.exit(0);
  const { id, bytes, making } = request;
  const work = newPngWork();
  const answer = (extra: Partial<ValidationAnswer> = {}) => parentPort?.postMessage({ id, work, ...extra });
  try {
    if (bytes !== undefined) {
      await checkDrawingPng(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), work);
    }
    // The log is inflated, decoded and hashed here for the same reason as the PNG: what it makes is garbage once
    // it has passed, and its CPU is off the event loop.
    answer(making === undefined ? {} : { making: checkMaking(making.bytes, making.stickers) });
  } catch (error) {
    if (error instanceof HttpError) {
      const { statusCode, code, message, imageRefused } = error;
      answer({ refusal: { statusCode, code, message, imageRefused } });
    } else {
      answer({ failure: error instanceof Error ? error.message : String(error) });
    }
  }
});
