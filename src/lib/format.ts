import { parseDate, timeOf } from './dates';

/**
 * The date and time formats of SPEC 9, in one place: every date or time the console shows goes through one of these,
 * so none is ever printed as the API sent it. Missing or invalid values show a dash. The formatters are made once:
 * a list formats every row's dates on each render. Each is made on its first use, not when the module loads: making
 * one loads locale data, which would otherwise lengthen every first load, dates shown or not.
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

/** December 05, 2024 03:30 PM */
export const formatDateTime = (value: string | null | undefined) =>
  format(
    value,
    LONG_DATE_TIME,
    (part) =>
      `${part('month')} ${part('day')}, ${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod')}`,
  );

/** 05-12-2024 15:30:00 */
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

/** 19:00, whether the API sends a time of day ('19:00') or a date-time. */
export const formatTimeOfDay = (value: unknown) => timeOf(value) || '-';

/** The browser's locale date. */
export function formatLocaleDate(value: string | null | undefined): string {
  const date = parseDate(value);
  return date ? LOCALE_DATE().format(date) : '-';
}

export function capitalize(value: string): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : value;
}
