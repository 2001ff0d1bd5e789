import { describe, expect, it } from 'vitest';
import { utcDateTimeText } from '@contract/dates';
import {
  capitalize,
  DATE_INPUT_FORMAT,
  DATE_TIME_INPUT_FORMAT,
  formatAge,
  formatDate,
  formatDateTime,
  formatDateTimeWithZone,
  formatLocaleDate,
  formatLongDate,
  formatNumericDateTime,
  formatSpecDateTime,
  formatTimeOfDay,
  formatUtcDay,
} from './format';

describe("the console's date format (issue 41, point 17)", () => {
  it("writes a day as 6 Dec 2026 and a moment as 6 Dec 2026, 14:05, in the admin's time zone", () => {
    expect(formatDate('2026-12-06')).toBe('6 Dec 2026');
    expect(formatDate('2026-01-31T23:10:00')).toBe('31 Jan 2026');
    expect(formatDateTime('2026-12-06T14:05:00')).toBe('6 Dec 2026, 14:05');
    expect(formatDateTime('2026-09-16T09:03:00')).toBe('16 Sep 2026, 09:03');
  });

  it("names the admin's time zone after a time that is part of a record", () => {
    const zone = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
      .formatToParts(new Date('2026-12-06T14:05:00'))
      .find((part) => part.type === 'timeZoneName')!.value;
    expect(formatDateTimeWithZone('2026-12-06T14:05:00')).toBe(`6 Dec 2026, 14:05 ${zone}`);
  });

  it("writes the same form in UTC for the server's mails, and a chart's day without its year", () => {
    expect(utcDateTimeText('2026-12-03T14:00:00.000Z')).toBe('3 Dec 2026, 14:00 UTC');
    expect(formatUtcDay('2026-11-26')).toBe('26 Nov');
  });

  it("gives Mantine's date inputs the same format", () => {
    expect(DATE_INPUT_FORMAT).toBe('D MMM YYYY');
    expect(DATE_TIME_INPUT_FORMAT).toBe('D MMM YYYY, HH:mm');
  });

  it("says an age in its largest whole unit: '25 days', '3 hours', '40 minutes'", () => {
    const now = Date.parse('2026-12-31T12:00:00.000Z');
    const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
    expect(formatAge(ago(25 * 24 * 60), now)).toBe('25 days');
    expect(formatAge(ago(24 * 60 + 59), now)).toBe('1 day');
    expect(formatAge(ago(3 * 60 + 59), now)).toBe('3 hours');
    expect(formatAge(ago(60), now)).toBe('1 hour');
    expect(formatAge(ago(40), now)).toBe('40 minutes');
    expect(formatAge(ago(1), now)).toBe('1 minute');
    expect(formatAge(ago(0), now)).toBe('0 minutes');
  });
});

describe('SPEC 9 date formats, on the screens SPEC gives them to', () => {
  it('formats created dates as MMMM DD, YYYY hh:mm A and DD-MM-YYYY HH:mm:ss', () => {
    expect(formatSpecDateTime('2024-12-05T15:30:00')).toBe('December 05, 2024 03:30 PM');
    expect(formatNumericDateTime('2024-12-05T15:30:09')).toBe('05-12-2024 15:30:09');
  });

  it('keeps a date of birth on its calendar day, whatever the time zone', () => {
    expect(formatLongDate('1990-12-05T00:00:00.000Z')).toBe('5 December 1990');
    expect(formatLongDate('1990-12-05')).toBe('5 December 1990');
  });

  it('shows a dash for a missing or broken date', () => {
    for (const format of [
      formatSpecDateTime,
      formatNumericDateTime,
      formatLongDate,
      formatLocaleDate,
      formatDate,
      formatDateTime,
      formatDateTimeWithZone,
    ]) {
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
