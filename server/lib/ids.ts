import { randomBytes } from 'node:crypto';
import { z } from 'zod';

let counter = randomBytes(3).readUIntBE(0, 3);
const machine = randomBytes(5).toString('hex');

/** A 24-hex id shaped like a MongoDB ObjectId (time, random, counter), as the product's API uses. */
export function newId(at: Date = new Date()): string {
  counter = (counter + 1) % 0xffffff;
  const seconds = Math.floor(at.getTime() / 1000)
    .toString(16)
    .padStart(8, '0');
  return `${seconds}${machine}${counter.toString(16).padStart(6, '0')}`;
}

const idSchema = z.string({ error: 'Invalid id' }).regex(/^[0-9a-f]{24}$/, 'Invalid id');

/** An id from a request path: 24 hex digits, or 400 'Invalid id' before any lookup. */
export const parseId = (value: string | undefined) => idSchema.parse(value);

export const now = () => new Date().toISOString();
