/**
 * A count of the decoder's work, for tests that prove it bounded: every loop iteration and every value made is
 * counted (a point's columns and its object, an operation, a text's bytes). The decoder takes one optionally;
 * without it nothing is counted.
 */
export interface DecodeMeter {
  work: number;
}
