import type { UploadBudgetSettings } from "../config.ts";

/** One request body on its way, as the ledger sees it. */
export interface HeldUpload {
  /** visitorKey and networkKey of its sender. */
  readonly visitor: string;
  readonly network: string;
  /** True when the body is small (a reaction, a report, a form): it may use SMALL_BODY_ROOM past the budget. */
  readonly small: boolean;
  /** Bytes its connection has read so far; unchanged between two looks means it sent nothing in between. */
  received(): number;
  /** True once its whole body has arrived (it is being checked or stored, not stalled). */
  complete(): boolean;
  /** Ends it: called once the ledger has already given its room to another. */
  cut(): void;
}

/** Whose share a body would overflow. */
export type BudgetRefusal = "visitor" | "network" | "process";

/** Bodies of at most this many bytes are small: reactions, reports, the admin forms. */
export const SMALL_BODY_BYTES = 64 * 1024;
/**
 * Room past the process's budget for small bodies only, so uploads that fill the budget never refuse a
 * reaction, a report or a sign-in (256 bodies of 4 KiB).
 */
const SMALL_BODY_ROOM = 2 ** 20;

interface Holding {
  bytes: number;
  seenBytes: number;
  seenAt: number;
}

/**
 * The upload bytes in flight, in all, per network and per visitor. A reservation that does not fit first cuts
 * the stalled uploads of the share it overflows (those that sent nothing for `stallMs`, looked at only when room
 * is wanted, so no timer runs), then tries again.
 */
export class UploadLedger {
  readonly #settings: UploadBudgetSettings;
  readonly #uploads = new Map<HeldUpload, Holding>();
  readonly #byVisitor = new Map<string, number>();
  readonly #byNetwork = new Map<string, number>();
  #total = 0;

  constructor(settings: UploadBudgetSettings) {
    this.#settings = settings;
  }

  /** Holds `bytes` for a new upload; undefined when they fit (stalled uploads cut to make room), else whose share is full. */
  reserve(upload: HeldUpload, bytes: number, now: number): BudgetRefusal | undefined {
    const refusal = this.#makeRoom(upload, bytes, now);
    if (refusal !== undefined) return refusal;
    this.#uploads.set(upload, { bytes: 0, seenBytes: upload.received(), seenAt: now });
    this.#hold(upload, bytes);
    return undefined;
  }

  /** Holds `bytes` more for an upload already held (a chunked body as it arrives); as reserve answers. */
  grow(upload: HeldUpload, bytes: number, now: number): BudgetRefusal | undefined {
    if (!this.#uploads.has(upload)) return "process";
    const refusal = this.#makeRoom(upload, bytes, now);
    if (refusal === undefined) this.#hold(upload, bytes);
    return refusal;
  }

  /** Gives the upload's bytes back; a second release (a cut upload's answer closing) changes nothing. */
  release(upload: HeldUpload): void {
    const holding = this.#uploads.get(upload);
    if (holding === undefined) return;
    this.#uploads.delete(upload);
    this.#total -= holding.bytes;
    add(this.#byVisitor, upload.visitor, -holding.bytes);
    add(this.#byNetwork, upload.network, -holding.bytes);
  }

  /** The bytes held and how many uploads hold them. */
  held(): { readonly bytes: number; readonly uploads: number } {
    return { bytes: this.#total, uploads: this.#uploads.size };
  }

  #hold(upload: HeldUpload, bytes: number): void {
    const holding = this.#uploads.get(upload);
    if (holding !== undefined) holding.bytes += bytes;
    this.#total += bytes;
    add(this.#byVisitor, upload.visitor, bytes);
    add(this.#byNetwork, upload.network, bytes);
  }

  #makeRoom(upload: HeldUpload, bytes: number, now: number): BudgetRefusal | undefined {
    const overflowed = this.#overflowed(upload, bytes);
    if (overflowed === undefined) return undefined;
    this.#cutStalled(overflowed, upload, now);
    return this.#overflowed(upload, bytes);
  }

  #overflowed(upload: HeldUpload, bytes: number): BudgetRefusal | undefined {
    const settings = this.#settings;
    if ((this.#byVisitor.get(upload.visitor) ?? 0) + bytes > settings.maxBytesPerVisitor) return "visitor";
    if ((this.#byNetwork.get(upload.network) ?? 0) + bytes > settings.maxBytesPerNetwork) return "network";
    const room = settings.maxBytes + (upload.small ? SMALL_BODY_ROOM : 0);
    if (this.#total + bytes > room) return "process";
    return undefined;
  }

  /** Cuts the uploads of the overflowed share that sent nothing for stallMs (each looked at now). */
  #cutStalled(share: BudgetRefusal, wanting: HeldUpload, now: number): void {
    for (const [upload, holding] of this.#uploads) {
      if (upload === wanting) continue;
      if (share === "visitor" && upload.visitor !== wanting.visitor) continue;
      if (share === "network" && upload.network !== wanting.network) continue;
      if (upload.complete()) continue;
      const received = upload.received();
      if (received !== holding.seenBytes) {
        holding.seenBytes = received;
        holding.seenAt = now;
      } else if (now - holding.seenAt >= this.#settings.stallMs) {
        this.release(upload);
        upload.cut();
      }
    }
  }
}

function add(totals: Map<string, number>, key: string, bytes: number): void {
  const total = (totals.get(key) ?? 0) + bytes;
  if (total <= 0) totals.delete(key);
  else totals.set(key, total);
}
