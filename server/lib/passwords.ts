import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { HttpError } from './errors';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
) => Promise<Buffer>;
const KEY_LENGTH = 64;

/**
 * At most `slots` tasks run at once and `queue` more wait their turn, first come first served; past that a task is
 * refused at once, before it starts, with 503 and Retry-After.
 */
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly slots: number,
    readonly queue: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.slots) this.running += 1;
    else if (this.waiting.length < this.queue)
      await new Promise<void>((resolve) => this.waiting.push(resolve)); // the slot is handed over, see below
    else throw new HttpError(503, 'The server is busy. Try again in a moment.', {}, { 'Retry-After': '1' });
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Tasks running and waiting. */
  get load() {
    return { running: this.running, waiting: this.waiting.length };
  }
}

/**
 * Every scrypt of the process goes through here. It runs on libuv's thread pool (4 threads), which file reads and
 * writes share, and each hash keeps a core busy for tens of milliseconds: half the cores at most hash, so requests
 * and file work keep the rest; a sign-in flood from many addresses is refused past the queue instead of piling up.
 */
export const passwordHashing = new Gate(Math.max(1, Math.floor(availableParallelism() / 2)), 20);

/** scrypt with a random salt, stored as "scrypt$<salt>$<hash>" (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await passwordHashing.run(() => scrypt(password, salt, KEY_LENGTH));
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const [scheme, salt, hash] = (stored ?? '').split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await passwordHashing.run(() =>
    scrypt(password, Buffer.from(salt, 'base64'), expected.length),
  );
  return timingSafeEqual(actual, expected);
}
