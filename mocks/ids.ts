/** 24-hex ids like the product's API. Deterministic from a counter so fixtures are stable across resets. */
let counter = 0;

export function resetIds() {
  counter = 0;
}

/** Where the counter stands, so demo mode's saved data goes on with fresh ids after a reload. */
export const idCounter = () => counter;
export function setIdCounter(value: number) {
  counter = value;
}

export function nextId(): string {
  counter += 1;
  return (0x65a0000000 + counter).toString(16).padStart(24, '0');
}

/** A small seeded PRNG (mulberry32) so the fixture db is the same on every reset. */
export function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
