import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dayOf, endOfDay, today } from './dates';

describe('the expire-date rule (SPEC 5 and 9: the earliest expiry is the end of today)', () => {
  it("offers today as the first day, in the admin's own calendar", () => {
    expect(today(new Date(2026, 10, 23, 0, 0, 1))).toBe('2026-11-23');
    expect(today(new Date(2026, 10, 23, 23, 59, 59))).toBe('2026-11-23');
  });

  it('sends a chosen day as its very end, so an offer chosen for today lasts all of today', () => {
    const sent = new Date(endOfDay('2026-11-23'));
    expect(sent.getFullYear()).toBe(2026);
    expect(sent.getMonth()).toBe(10);
    expect(sent.getDate()).toBe(23);
    expect([sent.getHours(), sent.getMinutes(), sent.getSeconds(), sent.getMilliseconds()]).toEqual([
      23, 59, 59, 999,
    ]);
    // The end of today is never in the past: the server's not-before-today check passes all day long.
    expect(new Date(endOfDay(today())).getTime()).toBeGreaterThan(Date.now());
  });

  it('puts a stored expiry back on the day it falls on, and nothing for a missing or broken one', () => {
    const stored = dayjs('2026-12-31').endOf('day').toISOString();
    expect(dayOf(stored)).toBe('2026-12-31');
    expect(dayOf(null)).toBe('');
    expect(dayOf('not a date')).toBe('');
  });
});
