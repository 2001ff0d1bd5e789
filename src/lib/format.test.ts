import { describe, expect, it } from 'vitest';
import {
  capitalize,
  formatDateTime,
  formatLocaleDate,
  formatLongDate,
  formatNumericDateTime,
  formatTimeOfDay,
} from './format';

describe('SPEC 9 date formats', () => {
  it('formats created dates as MMMM DD, YYYY hh:mm A and DD-MM-YYYY HH:mm:ss', () => {
    expect(formatDateTime('2024-12-05T15:30:00')).toBe('December 05, 2024 03:30 PM');
    expect(formatNumericDateTime('2024-12-05T15:30:09')).toBe('05-12-2024 15:30:09');
  });

  it('keeps a date of birth on its calendar day, whatever the time zone', () => {
    expect(formatLongDate('1990-12-05T00:00:00.000Z')).toBe('5 December 1990');
    expect(formatLongDate('1990-12-05')).toBe('5 December 1990');
  });

  it('shows a dash for a missing or broken date', () => {
    for (const format of [formatDateTime, formatNumericDateTime, formatLongDate, formatLocaleDate]) {
      expect(format(null)).toBe('-');
      expect(format('not a date')).toBe('-');
    }
    expect(formatLocaleDate('2024-12-05T12:00:00')).toBe(
      new Date('2024-12-05T12:00:00').toLocaleDateString(),
    );
  });

  it('shows a time of day whether it is stored as one or as a date-time, and a dash for anything else', () => {
    expect(formatTimeOfDay('19:00')).toBe('19:00');
    expect(formatTimeOfDay('9:05:30')).toBe('09:05');
    expect(formatTimeOfDay('2025-02-14T19:00:00')).toBe('19:00');
    expect(formatTimeOfDay('2025-02-14T19:00:00.000Z')).toBe(
      new Date('2025-02-14T19:00:00.000Z').toTimeString().slice(0, 5),
    );
    for (const broken of ['', null, undefined, '25:00', 'tonight', '2025-02-14', 1900])
      expect(formatTimeOfDay(broken)).toBe('-');
  });

  it('capitalises plan names and statuses', () => {
    expect(capitalize('gold')).toBe('Gold');
    expect(capitalize('')).toBe('');
  });
});
