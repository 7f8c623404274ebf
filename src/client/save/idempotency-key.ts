/** A fresh Idempotency-Key for each Save click. */

/** What the key generator needs from `crypto`. */
export interface KeySource {
  getRandomValues(array: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>;
  readonly randomUUID?: () => string;
}

/**
 * A random UUID v4. `crypto.randomUUID` exists only in secure contexts (HTTPS, localhost), so a page served over
 * plain HTTP on a LAN address builds one from getRandomValues, which every context has.
 */
export function newIdempotencyKey(source: KeySource = globalThis.crypto): string {
  if (typeof source.randomUUID === "function") return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
