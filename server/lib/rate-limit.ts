/**
 * A fixed-window counter per key (an IP, an e-mail) kept in memory: enough for one process, and forgotten on restart.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds to wait when `key` is over the limit, or 0 when it may go on. Counts the attempt. */
  hit(key: string, at = Date.now()): number {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= at) {
      this.hits.set(key, { count: 1, resetAt: at + this.windowMs });
      if (this.hits.size > 10_000) this.sweep(at);
      return 0;
    }
    entry.count += 1;
    return entry.count > this.limit ? Math.ceil((entry.resetAt - at) / 1000) : 0;
  }

  /** Whether `key` is blocked right now, without counting an attempt. */
  blockedFor(key: string, at = Date.now()): number {
    const entry = this.hits.get(key);
    return entry && entry.resetAt > at && entry.count >= this.limit
      ? Math.ceil((entry.resetAt - at) / 1000)
      : 0;
  }

  reset(key: string) {
    this.hits.delete(key);
  }

  private sweep(at: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= at) this.hits.delete(key);
  }
}
