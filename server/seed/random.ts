/** A seeded PRNG (mulberry32): the same demo data on every fresh start. */
export function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The items in an order drawn from `rand` (Fisher–Yates), so that a list's entries each appear once. */
export function shuffled<T>(rand: () => number, items: readonly T[]): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rand() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

/**
 * `count` moments, oldest first, in days before now, the newest `newest` days ago: arrivals at random (exponential
 * gaps, `perDay` a day on average), so that some days have none and some several, at any time of day.
 */
export function spread(rand: () => number, count: number, perDay: number, newest = 0): number[] {
  const moments: number[] = [];
  let daysAgo = newest;
  for (let i = 0; i < count; i += 1) {
    moments.push(daysAgo);
    daysAgo += -Math.log(1 - rand()) / perDay;
  }
  return moments.reverse();
}
