import { randomBytes } from 'node:crypto';

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

export const isId = (value: string) => /^[0-9a-f]{24}$/.test(value);

export const now = () => new Date().toISOString();
