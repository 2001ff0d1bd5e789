import { createHash } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The address to count a client by: the socket's peer, or, when TRUST_PROXY says a reverse proxy stands in front,
 * the last X-Forwarded-For entry (the one that proxy appended; entries before it are whatever the client sent).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'unknown';
  }
}

/**
 * A fixed-window counter per key (an IP, an e-mail) kept in memory: enough for one process, and forgotten on restart.
 * Its memory is bounded whatever the traffic: keys are stored as their SHA-256, and past `capacity` live entries
 * the oldest go first.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly capacity = 50_000,
  ) {}

  /** Seconds to wait when `key` is over the limit, or 0 when it may go on. Counts the attempt. */
  hit(key: string, at = Date.now()): number {
    const digest = hashKey(key);
    const entry = this.hits.get(digest);
    if (!entry || entry.resetAt <= at) {
      this.hits.delete(digest);
      this.hits.set(digest, { count: 1, resetAt: at + this.windowMs });
      if (this.hits.size > this.capacity) this.shrink(at);
      return 0;
    }
    entry.count += 1;
    return entry.count > this.limit ? Math.ceil((entry.resetAt - at) / 1000) : 0;
  }

  reset(key: string) {
    this.hits.delete(hashKey(key));
  }

  /** Takes back one attempt `hit` counted: one that turned out not to count (a success, or one refused unheard). */
  undo(key: string) {
    const entry = this.hits.get(hashKey(key));
    if (entry && entry.count > 0) entry.count -= 1;
  }

  get size() {
    return this.hits.size;
  }

  /** Expired entries go; if that is not enough, the oldest (a Map keeps insertion order) down to 90% of capacity. */
  private shrink(at: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= at) this.hits.delete(key);
    const excess = this.hits.size - Math.floor(this.capacity * 0.9);
    if (excess <= 0) return;
    let removed = 0;
    for (const key of this.hits.keys()) {
      if (removed++ >= excess) break;
      this.hits.delete(key);
    }
  }
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('base64url');

/**
 * How many requests per key (a client address) are under way, so that no key holds more than `limit` at once: a
 * flood from one address then takes at most `limit` places in a shared queue, and everyone else keeps theirs. A key
 * is kept only while one of its requests is under way, so the memory is bounded by the work in progress.
 */
export class UnderWay {
  private readonly counts = new Map<string, number>();

  constructor(private readonly limit: number) {}

  /** Counts a request of `key` in, or answers false when it already has `limit` under way. */
  enter(key: string): boolean {
    const count = this.counts.get(key) ?? 0;
    if (count >= this.limit) return false;
    this.counts.set(key, count + 1);
    return true;
  }

  leave(key: string) {
    const count = (this.counts.get(key) ?? 0) - 1;
    if (count > 0) this.counts.set(key, count);
    else this.counts.delete(key);
  }
}
