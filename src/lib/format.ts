import { utcFields, writeDate, writeDateTime, writeDayMonth, type DateFields } from '@contract/dates';
import { parseDate, timeOf } from './dates';

/**
 * Every date or time the console shows goes through one of these, so none is ever printed as the API sent it. The
 * console's own format is contract/dates.ts's, in the admin's time zone: '6 Dec 2026', '6 Dec 2026, 14:05', and
 * '6 Dec 2026, 14:05 UTC' where the time is part of a record (a restriction, an appeal). SPEC 9's formats stay on the
 * screens SPEC gives them to: formatSpecDateTime (Contact Us, Chat Block), formatNumericDateTime (the Send Mail list),
 * formatLocaleDate (an offer's expiry) and formatLongDate (a date of birth). Missing or invalid values show a dash.
 * The Intl formatters are made once, on first use, not when the module loads: making one loads locale data, which
 * would otherwise lengthen every first load, dates shown or not.
 */
const once = (make: () => Intl.DateTimeFormat) => {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= make());
};
const LONG_DATE_TIME = once(
  () =>
    new Intl.DateTimeFormat('en-US', {
      month: 'long',
      day: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h12',
    }),
);
const NUMERIC_DATE_TIME = once(
  () =>
    new Intl.DateTimeFormat('en-US', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }),
);
const LONG_DATE = once(
  () => new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric' }),
);
const LOCALE_DATE = once(() => new Intl.DateTimeFormat());
const ZONE_NAME = once(() => new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' }));

type Part = Intl.DateTimeFormatPartTypes;

/** The value, or a dash when missing or invalid, written by `write` from the formatter's parts. */
function format(
  value: string | null | undefined,
  formatter: () => Intl.DateTimeFormat,
  write: (part: (type: Part) => string) => string,
): string {
  const date = parseDate(value);
  if (!date) return '-';
  const parts = formatter().formatToParts(date);
  return write((type) => parts.find((part) => part.type === type)?.value ?? '');
}

/** SPEC 9's 'MMMM DD, YYYY hh:mm A': December 05, 2024 03:30 PM (Contact Us, Chat Block). */
export const formatSpecDateTime = (value: string | null | undefined) =>
  format(
    value,
    LONG_DATE_TIME,
    (part) =>
      `${part('month')} ${part('day')}, ${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod')}`,
  );

/** SPEC 9's 'DD-MM-YYYY HH:mm:ss': 05-12-2024 15:30:00 (the Send Mail list). */
export const formatNumericDateTime = (value: string | null | undefined) =>
  format(
    value,
    NUMERIC_DATE_TIME,
    (part) =>
      `${part('day')}-${part('month')}-${part('year')} ${part('hour')}:${part('minute')}:${part('second')}`,
  );

/** 5 December 1990. A birth date is a calendar date: its day must not move with the viewer's time zone. */
export const formatLongDate = (value: string | null | undefined) =>
  format(
    value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : value,
    LONG_DATE,
    (part) => `${part('day')} ${part('month')} ${part('year')}`,
  );

/** A moment's fields in the admin's time zone. */
const localFields = (date: Date): DateFields => ({
  year: date.getFullYear(),
  month: date.getMonth(),
  day: date.getDate(),
  hour: date.getHours(),
  minute: date.getMinutes(),
});

/** 6 Dec 2026: a calendar day ('2026-12-06') stays that day; a moment is its day in the admin's time zone. */
export function formatDate(value: string | null | undefined): string {
  const date = parseDate(value);
  return date ? writeDate(localFields(date)) : '-';
}

/** 6 Dec 2026, 14:05, in the admin's time zone. */
export function formatDateTime(value: string | null | undefined): string {
  const date = parseDate(value);
  return date ? writeDateTime(localFields(date)) : '-';
}

/** 6 Dec 2026, 14:05 UTC: with the admin's time zone named, where the time is part of a record or a mail. */
export function formatDateTimeWithZone(value: string | null | undefined): string {
  const date = parseDate(value);
  if (!date) return '-';
  const zone = ZONE_NAME()
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value;
  return zone ? `${writeDateTime(localFields(date))} ${zone}` : writeDateTime(localFields(date));
}

/** 26 Nov for a day the server counts in UTC ('2026-11-26'): a chart's label. */
export function formatUtcDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) ? '-' : writeDayMonth(utcFields(date));
}

/** Mantine date inputs' valueFormat (dayjs) for the same forms: '6 Dec 2026' and '6 Dec 2026, 14:05'. */
export const DATE_INPUT_FORMAT = 'D MMM YYYY';
export const DATE_TIME_INPUT_FORMAT = 'D MMM YYYY, HH:mm';

const count = (value: number, unit: string) => `${value} ${unit}${value === 1 ? '' : 's'}`;

/** How long ago `since` was, in its largest whole unit: '25 days', '3 hours', '40 minutes', '1 minute'. */
export function formatAge(since: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 60) return count(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return count(hours, 'hour');
  return count(Math.floor(hours / 24), 'day');
}

/** 19:00, whether the API sends a time of day ('19:00') or a date-time. */
export const formatTimeOfDay = (value: unknown) => timeOf(value) || '-';

/** SPEC 9's locale date: the browser's (an offer's expiry). */
export function formatLocaleDate(value: string | null | undefined): string {
  const date = parseDate(value);
  return date ? LOCALE_DATE().format(date) : '-';
}

export function capitalize(value: string): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : value;
}
