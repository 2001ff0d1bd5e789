import { randomBytes, randomInt, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { adminPasswordProblem } from '../../contract/admin-password';
import { HttpError } from './errors';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
) => Promise<Buffer>;
const KEY_LENGTH = 64;

/**
 * `open`: anyone's sign-in. `priority`: password checks a flood must not hold up, an admin's own (the profile save)
 * and sign-ins from addresses an admin signed in from lately.
 */
export type Lane = 'open' | 'priority';

const busy = () =>
  new HttpError(503, 'The server is busy. Try again in a moment.', {}, { 'Retry-After': '1' });

/**
 * At most `slots` tasks run at once and `queue` more wait their turn in each lane, first come first served; past
 * that a task is refused at once, before it starts, with 503 and Retry-After. The priority lane has `reserved`
 * slots more, and a slot that frees goes to its queue first: open tasks, however many, never fill it.
 */
export class Gate {
  private running = 0;
  private readonly waiting: Record<Lane, (() => void)[]> = { open: [], priority: [] };

  constructor(
    readonly slots: number,
    readonly queue: number,
    readonly reserved = 0,
  ) {}

  async run<T>(task: () => Promise<T>, lane: Lane = 'open'): Promise<T> {
    if (this.running < this.limit(lane)) this.running += 1;
    else if (this.waiting[lane].length < this.queue)
      await new Promise<void>((resolve) => this.waiting[lane].push(resolve)); // the slot is handed over, see below
    else throw busy();
    try {
      return await task();
    } finally {
      const next =
        this.waiting.priority.shift() ?? (this.running <= this.slots ? this.waiting.open.shift() : undefined);
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Whether a task of `lane` would be refused now. */
  refuses(lane: Lane = 'open') {
    return this.running >= this.limit(lane) && this.waiting[lane].length >= this.queue;
  }

  /** About how long a task of `lane` would wait now for a slot, when each task takes `taskMs`. */
  expectedWait(lane: Lane, taskMs: number) {
    const limit = this.limit(lane);
    if (this.running < limit) return 0;
    const ahead = this.waiting.priority.length + (lane === 'open' ? this.waiting.open.length : 0);
    return ((ahead + 1) / limit) * taskMs;
  }

  /** Tasks running and waiting (both lanes). */
  get load() {
    return { running: this.running, waiting: this.waiting.open.length + this.waiting.priority.length };
  }

  private limit(lane: Lane) {
    return lane === 'priority' ? this.slots + this.reserved : this.slots;
  }
}

/**
 * Every scrypt of the process goes through here. It runs on libuv's thread pool (4 threads), which file reads and
 * writes share, and each hash keeps a core busy for tens of milliseconds: half the cores at most hash for sign-ins,
 * so requests and file work keep the rest, and one core more for the priority lane.
 */
export const passwordHashing = new Gate(Math.max(1, Math.floor(availableParallelism() / 2)), 20, 1);

/** How long the last hashes took once started: what an answer without a check imitates. */
const hashTimes: number[] = [];
/** Until the first hash: about one scrypt on an idle core. */
const FIRST_HASH_MS = 60;

async function timedHash(password: string, salt: Buffer, length: number, lane: Lane) {
  return passwordHashing.run(async () => {
    const started = performance.now();
    const hash = await scrypt(password, salt, length);
    hashTimes.push(performance.now() - started);
    if (hashTimes.length > 16) hashTimes.shift();
    return hash;
  }, lane);
}

/** scrypt with a random salt, stored as "scrypt$<salt>$<hash>" (base64). */
export async function hashPassword(password: string, lane: Lane = 'open'): Promise<string> {
  const salt = randomBytes(16);
  const hash = await timedHash(password, salt, KEY_LENGTH, lane);
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
  lane: Lane = 'open',
): Promise<boolean> {
  const [scheme, salt, hash] = (stored ?? '').split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await timedHash(password, Buffer.from(salt, 'base64'), expected.length, lane);
  return timingSafeEqual(actual, expected);
}

/**
 * A failed check without the hash, for a sign-in with no password to check: refused when a check would be, otherwise
 * answered after one of the last hashes' times plus the wait a check would have now. Neither the answer nor its time
 * tells which e-mails have an account, and a flood of made-up e-mails costs no hashing.
 */
export async function imitateCheck(lane: Lane = 'open'): Promise<false> {
  if (passwordHashing.refuses(lane)) throw busy();
  const hashMs = hashTimes.length ? hashTimes[randomInt(hashTimes.length)]! : FIRST_HASH_MS;
  await sleep(hashMs + passwordHashing.expectedWait(lane, hashMs));
  return false;
}

/** zxcvbn-ts's list of common and breached passwords (49,000, lower case), read on first use. */
let commonPasswords: Promise<Set<string>> | undefined;
const listed = () =>
  (commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  ));

/**
 * Why `password` cannot be an admin's (contract/admin-password.ts, the list included), or undefined when it can: an
 * invitation's, a new one on the own profile, ADMIN_PASSWORD at the first start.
 */
export async function adminPasswordRefusal(password: string): Promise<string | undefined> {
  const list = await listed();
  return adminPasswordProblem(password, (lowerCase) => list.has(lowerCase));
}
