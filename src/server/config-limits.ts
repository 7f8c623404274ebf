import { invalid, mebibytes, whole } from "./config-values.ts";

// The settings that bound what one process gives out (memory for images and bodies, live streams, thumbnails),
// read and checked for config.ts, which re-exports them. Imports no server module.

/** How much memory the image route may keep stored PNGs in. */
export interface ImageCacheSettings {
  /** IMAGE_CACHE_MB in bytes; 0 turns the cache off. */
  readonly maxBytes: number;
}

/** What readLimitSettings reads. */
export interface LimitSettings {
  readonly imageCache: ImageCacheSettings;
  readonly uploadBudget: UploadBudgetSettings;
  readonly eventStreams: EventStreamSettings;
  readonly thumbnails: ThumbnailSettings;
}

/** Upload bytes on their way (every request body counts) that one process holds, in all and per group. */
export interface UploadBudgetSettings {
  /** UPLOAD_BUDGET_MB: in the whole process. */
  readonly maxBytes: number;
  /** UPLOAD_BUDGET_PER_NETWORK_MB: of one network (an IPv4 /24, an IPv6 /56). */
  readonly maxBytesPerNetwork: number;
  /** UPLOAD_BUDGET_PER_VISITOR_MB: of one visitor (an IPv4 address, an IPv6 /64). */
  readonly maxBytesPerVisitor: number;
  /** UPLOAD_STALL_SECONDS: an upload that sent nothing this long is cut when another needs its room. */
  readonly stallMs: number;
}

/** The wall's live event streams one process keeps open, and what each may hold for a client that does not read. */
export interface EventStreamSettings {
  /** EVENT_STREAMS, EVENT_STREAMS_PER_NETWORK (an IPv4 /24, an IPv6 /56), EVENT_STREAMS_PER_VISITOR. */
  readonly maxStreams: number;
  readonly maxStreamsPerNetwork: number;
  readonly maxStreamsPerVisitor: number;
  /** EVENT_STREAM_BUFFER_KB in bytes: a stream this far behind is dropped (its client reconnects). */
  readonly maxBufferedBytes: number;
}

/** THUMBNAILS_AT_ONCE: wall thumbnails made on demand at the same time in the process. */
export interface ThumbnailSettings {
  readonly maxAtOnce: number;
}

/** 64 MiB holds about a thousand re-encoded 600 x 600 drawings (~60 KB each). */
export const DEFAULT_IMAGE_CACHE: ImageCacheSettings = { maxBytes: 64 * 2 ** 20 };
/**
 * 64 MiB of bodies (some 200 MB of memory at worst: text, parsed strings, decoded PNGs) in the process: 500 real
 * drawings (~120 KB) at once, or 8 of the largest PostgREST inserts; 24 MiB per network, 16 MiB (two of those)
 * per visitor, so a few networks never take it all; a stalled upload gives its room up after 5 s.
 */
export const DEFAULT_UPLOAD_BUDGET: UploadBudgetSettings = {
  maxBytes: 64 * 2 ** 20,
  maxBytesPerNetwork: 24 * 2 ** 20,
  maxBytesPerVisitor: 16 * 2 ** 20,
  stallMs: 5000,
};
/**
 * 1,000 streams of at most 64 KiB behind each (64 MB at worst); 6 per visitor, what one browser opens to one host
 * over HTTP/1.1 (a wall in every tab); 100 per network, so ten networks at least are needed to fill a process.
 */
export const DEFAULT_EVENT_STREAMS: EventStreamSettings = {
  maxStreams: 1000,
  maxStreamsPerNetwork: 100,
  maxStreamsPerVisitor: 6,
  maxBufferedBytes: 64 * 1024,
};
/** Each make decodes a 600 x 600 drawing (about 240 ms of CPU, a few MB): four at once keep two cores busy. */
export const DEFAULT_THUMBNAILS: ThumbnailSettings = { maxAtOnce: 4 };
/** The largest body a route takes (postgrest/request.ts's MAX_INSERT_BODY_BYTES): a visitor's budget holds one. */
const LARGEST_BODY_MB = 8;
const MAX_IMAGE_CACHE_MB = 65_536;

/** UPLOAD_BUDGET_*, UPLOAD_STALL_SECONDS, EVENT_STREAM*, THUMBNAILS_AT_ONCE: what one process gives out. */
export function readLimitSettings(env: NodeJS.ProcessEnv): LimitSettings {
  const u = DEFAULT_UPLOAD_BUDGET;
  const perVisitor = mebibytes(env, "UPLOAD_BUDGET_PER_VISITOR_MB", u.maxBytesPerVisitor, LARGEST_BODY_MB);
  const perNetwork = mebibytes(env, "UPLOAD_BUDGET_PER_NETWORK_MB", u.maxBytesPerNetwork, LARGEST_BODY_MB);
  const uploads = mebibytes(env, "UPLOAD_BUDGET_MB", u.maxBytes, LARGEST_BODY_MB);
  if (perVisitor > perNetwork || perNetwork > uploads)
    invalid("UPLOAD_BUDGET_PER_VISITOR_MB <= UPLOAD_BUDGET_PER_NETWORK_MB <= UPLOAD_BUDGET_MB must hold.");
  const e = DEFAULT_EVENT_STREAMS;
  const streamsPerVisitor = whole(env, "EVENT_STREAMS_PER_VISITOR", e.maxStreamsPerVisitor, 1);
  const streamsPerNetwork = whole(env, "EVENT_STREAMS_PER_NETWORK", e.maxStreamsPerNetwork, 1);
  const streams = whole(env, "EVENT_STREAMS", e.maxStreams, 1);
  if (streamsPerVisitor > streamsPerNetwork || streamsPerNetwork > streams)
    invalid("EVENT_STREAMS_PER_VISITOR <= EVENT_STREAMS_PER_NETWORK <= EVENT_STREAMS must hold.");
  const bufferKb = whole(
    env,
    "EVENT_STREAM_BUFFER_KB",
    e.maxBufferedBytes / 1024,
    8,
    "a whole number of KiB from 8 to 4096",
    4096,
  );
  return {
    imageCache: readImageCacheSettings(env),
    uploadBudget: {
      maxBytes: uploads,
      maxBytesPerNetwork: perNetwork,
      maxBytesPerVisitor: perVisitor,
      stallMs:
        whole(
          env,
          "UPLOAD_STALL_SECONDS",
          u.stallMs / 1000,
          1,
          "a whole number of seconds from 1 to 3600",
          3600,
        ) * 1000,
    },
    eventStreams: {
      maxStreams: streams,
      maxStreamsPerNetwork: streamsPerNetwork,
      maxStreamsPerVisitor: streamsPerVisitor,
      maxBufferedBytes: bufferKb * 1024,
    },
    thumbnails: {
      maxAtOnce: whole(
        env,
        "THUMBNAILS_AT_ONCE",
        DEFAULT_THUMBNAILS.maxAtOnce,
        1,
        "a whole number from 1 to 64",
        64,
      ),
    },
  };
}

/** IMAGE_CACHE_MB: whole mebibytes, 0 (no cache) to 65536. */
export function readImageCacheSettings(env: NodeJS.ProcessEnv): ImageCacheSettings {
  const expected = `a whole number of mebibytes from 0 (no cache) to ${MAX_IMAGE_CACHE_MB}`;
  return { maxBytes: whole(env, "IMAGE_CACHE_MB", 64, 0, expected, MAX_IMAGE_CACHE_MB) * 2 ** 20 };
}
