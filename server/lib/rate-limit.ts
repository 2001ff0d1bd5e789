import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Db } from '../db/postgres/db';
import { countAttempt, forgetAttempts, removeEndedWindows, uncountAttempt } from '../db/rate-limits';

/**
 * The address to count a client by (see addressKey): the socket's peer, or, when TRUST_PROXY says a reverse proxy
 * stands in front, the last X-Forwarded-For entry (the one that proxy appended; entries before it are whatever the
 * client sent).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  return addressKey(peerAddress(c, trustProxy));
}

/** The client's address as it connected (or as the trusted proxy appended it), for people to read. */
export function peerAddress(c: Context, trustProxy: boolean): string {
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
 * An IPv4 address as it is; an IPv6 one by its /64, since one subscriber or host commonly holds a whole /64 and could
 * take a new address for each request (an IPv4-mapped one, ::ffff:a.b.c.d, is that IPv4 address). Anything else is
 * returned as it is.
 */
export function addressKey(address: string): string {
  const plain = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIPv4(plain) || !isIPv6(plain)) return plain;
  const [head = '', tail] = plain.toLowerCase().split('::');
  const groups = (part: string | undefined) =>
    (part ? part.split(':') : []).flatMap((group) => {
      if (!isIPv4(group)) return [parseInt(group, 16)];
      const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
      return [a * 256 + b, c * 256 + d];
    });
  const front = groups(head);
  const back = groups(tail);
  const all = [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  if (all.slice(0, 6).join(':') === '0:0:0:0:0:65535')
    return [all[6]! >> 8, all[6]! & 255, all[7]! >> 8, all[7]! & 255].join('.');
  return `${all
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * A fixed-window counter per key (an address, an e-mail) kept in the database (rate_limits), so that every server
 * process on it counts the same attempts and a restart forgets none. Keys are stored as the SHA-256 of the limit's
 * name and the key; expired windows are removed now and then, a batch at a time.
 */
export class StoredRateLimiter {
  private hits = 0;

  constructor(
    private readonly db: Db,
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds to wait when `key` is over the limit, or 0 when it may go on. Counts the attempt. */
  async hit(key: string, at = Date.now()): Promise<number> {
    const { count, reset_at } = await countAttempt(this.db, this.digest(key), {
      resetAt: at + this.windowMs,
      at,
    });
    if ((this.hits = (this.hits + 1) % 100) === 0) await removeEndedWindows(this.db, at);
    return count > this.limit ? Math.ceil((reset_at - at) / 1000) : 0;
  }

  async reset(key: string) {
    await forgetAttempts(this.db, this.digest(key));
  }

  /** Takes back one attempt `hit` counted: one that turned out not to count (a success). */
  async undo(key: string) {
    await uncountAttempt(this.db, this.digest(key));
  }

  private digest(key: string) {
    return hashKey(`${this.name}\u0000${key}`);
  }
}

/**
 * Keys seen lately (the addresses an admin signed in from), each remembered for `ttlMs` after it was last seen; at
 * most `capacity` of them, as SHA-256 digests, the oldest going first.
 */
export class RecentKeys {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly capacity = 1000,
  ) {}

  remember(key: string, at = Date.now()) {
    const digest = hashKey(key);
    this.seen.delete(digest);
    this.seen.set(digest, at + this.ttlMs);
    if (this.seen.size > this.capacity) this.seen.delete(this.seen.keys().next().value!);
  }

  has(key: string, at = Date.now()) {
    return (this.seen.get(hashKey(key)) ?? 0) > at;
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
