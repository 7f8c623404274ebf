/**
 * A rate with a burst: `perSecond` on average, up to twice that at once. take() spends from it and says whether
 * there was enough; what a refused take asked for is not spent.
 */
export class TokenBucket {
  readonly #perSecond: number;
  readonly #capacity: number;
  readonly #now: () => number;
  #tokens: number;
  #at: number;

  constructor(perSecond: number, now: () => number = performance.now.bind(performance)) {
    this.#perSecond = perSecond;
    this.#capacity = perSecond * 2;
    this.#now = now;
    this.#tokens = this.#capacity;
    this.#at = now();
  }

  /** Spends `amount` if the bucket holds it; false (spending nothing) when it does not. */
  take(amount = 1): boolean {
    this.#refill();
    if (amount > this.#tokens) return false;
    this.#tokens -= amount;
    return true;
  }

  /**
   * Spends `amount` as take does, or, from a full bucket, up to `most` at once: the rest is a debt the rate pays
   * back before anything more is taken, so the average stays `perSecond`.
   */
  takeLarge(amount: number, most: number): boolean {
    if (this.take(amount)) return true;
    if (this.#tokens < this.#capacity || amount > most) return false;
    this.#tokens -= amount;
    return true;
  }

  #refill(): void {
    const now = this.#now();
    this.#tokens = Math.min(this.#capacity, this.#tokens + ((now - this.#at) / 1000) * this.#perSecond);
    this.#at = now;
  }
}
