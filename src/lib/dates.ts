import dayjs from 'dayjs';

/** A calendar day as forms hold it: 'YYYY-MM-DD' in the admin's own time zone. */
export type Day = string;

/** Today, as the first day a date picker offers when the past is not allowed. */
export const today = (now: Date = new Date()): Day => dayjs(now).format('YYYY-MM-DD');

/** The day a stored date falls on, for a form ('' when missing or not a date). */
export function dayOf(value: string | null | undefined): Day {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('YYYY-MM-DD') : '';
}

const CLOCK = /^([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d+)?)?$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/**
 * The time of day of a stored time, as forms hold it and lists show it: 'HH:mm' from '19:00', '9:05:30' or a
 * date-time ('2025-02-14T19:00:00.000Z' in the admin's time zone); '' when missing or neither.
 */
export function timeOf(value: unknown): string {
  if (typeof value !== 'string') return '';
  const text = value.trim();
  const clock = CLOCK.exec(text);
  if (clock) return `${clock[1]!.padStart(2, '0')}:${clock[2]}`;
  if (!DATE_TIME.test(text)) return '';
  const date = dayjs(text);
  return date.isValid() ? date.format('HH:mm') : '';
}

/**
 * The end of a chosen day (23:59:59.999 in the admin's time zone) as an ISO timestamp: an offer chosen to expire
 * today lasts until the end of today (SPEC 5 and 9: the earliest expiry is the end of today).
 */
export const endOfDay = (day: Day): string => dayjs(day).endOf('day').toISOString();

/** Noon of a chosen day as an ISO timestamp: the same calendar day wherever it is read within twelve hours of here. */
export const middayOf = (day: Day): string => dayjs(day).hour(12).startOf('hour').toISOString();
