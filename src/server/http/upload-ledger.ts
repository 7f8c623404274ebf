import type { UploadBudgetSettings } from "../config.ts";

/** One request body on its way, as the ledger sees it. */
export interface HeldUpload {
  readonly bytes: number;
  /** visitorKey and networkKey of its sender. */
  readonly visitor: string;
  readonly network: string;
  /** Bytes its connection has read so far; unchanged between two looks means it sent nothing in between. */
  received(): number;
  /** True once its whole body has arrived (it is being checked or stored, not stalled). */
  complete(): boolean;
  /** Ends it: called once the ledger has already given its room to another. */
  cut(): void;
}

/** Whose share a body would overflow. */
export type BudgetRefusal = "visitor" | "network" | "process";

interface Progress {
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
  readonly #uploads = new Map<HeldUpload, Progress>();
  readonly #byVisitor = new Map<string, number>();
  readonly #byNetwork = new Map<string, number>();
  #total = 0;

  constructor(settings: UploadBudgetSettings) {
    this.#settings = settings;
  }

  /** Holds the upload's bytes; undefined when they fit (stalled uploads cut to make room), else whose share is full. */
  reserve(upload: HeldUpload, now: number): BudgetRefusal | undefined {
    const overflowed = this.#overflowed(upload);
    if (overflowed !== undefined) {
      this.#cutStalled(overflowed, upload, now);
      const still = this.#overflowed(upload);
      if (still !== undefined) return still;
    }
    this.#total += upload.bytes;
    add(this.#byVisitor, upload.visitor, upload.bytes);
    add(this.#byNetwork, upload.network, upload.bytes);
    this.#uploads.set(upload, { seenBytes: upload.received(), seenAt: now });
    return undefined;
  }

  /** Gives the upload's bytes back; a second release (a cut upload's answer closing) changes nothing. */
  release(upload: HeldUpload): void {
    if (!this.#uploads.delete(upload)) return;
    this.#total -= upload.bytes;
    add(this.#byVisitor, upload.visitor, -upload.bytes);
    add(this.#byNetwork, upload.network, -upload.bytes);
  }

  /** The bytes held and how many uploads hold them. */
  held(): { readonly bytes: number; readonly uploads: number } {
    return { bytes: this.#total, uploads: this.#uploads.size };
  }

  #overflowed(upload: HeldUpload): BudgetRefusal | undefined {
    const { bytes } = upload;
    const settings = this.#settings;
    if ((this.#byVisitor.get(upload.visitor) ?? 0) + bytes > settings.maxBytesPerVisitor) return "visitor";
    if ((this.#byNetwork.get(upload.network) ?? 0) + bytes > settings.maxBytesPerNetwork) return "network";
    if (this.#total + bytes > settings.maxBytes) return "process";
    return undefined;
  }

  /** Cuts the uploads of the overflowed share that sent nothing for stallMs (each looked at now). */
  #cutStalled(share: BudgetRefusal, wanting: HeldUpload, now: number): void {
    for (const [upload, progress] of this.#uploads) {
      if (share === "visitor" && upload.visitor !== wanting.visitor) continue;
      if (share === "network" && upload.network !== wanting.network) continue;
      if (upload.complete()) continue;
      const received = upload.received();
      if (received !== progress.seenBytes) {
        progress.seenBytes = received;
        progress.seenAt = now;
      } else if (now - progress.seenAt >= this.#settings.stallMs) {
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
