// What validating one upload costs, counted as it happens. Validation time is bounded by bounding this work:
// a chunk count, bytes checksummed at most once, one inflate of at most the image's expected size.
// tests/security/png-bounded-work.test.ts checks those bounds on inputs of up to 2 MiB; BENCHMARKS.md times them.

/** The work one validation did. */
export interface PngWork {
  /** Chunks whose header was read (each costs a fixed amount on top of its bytes). */
  chunks: number;
  /** Bytes whose CRC-32 was computed. */
  checksummedBytes: number;
  /** Calls to zlib's inflate, and the compressed bytes they were given. */
  inflateCalls: number;
  inflatedFromBytes: number;
}

/** A meter at zero. */
export function newPngWork(): PngWork {
  return { chunks: 0, checksummedBytes: 0, inflateCalls: 0, inflatedFromBytes: 0 };
}
