/** A calendar day as forms hold it: 'YYYY-MM-DD' in the admin's own time zone. */
export type Day = string;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK = /^([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d+)?)?$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A stored date as a Date, null when missing or not a date. A bare day ('1990-12-05') is that day in the admin's time
 * zone, as forms hold days, not midnight UTC (which is the day before west of Greenwich).
 */
export function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const day = DAY.exec(value);
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The day a date falls on in the admin's time zone. */
const dayOfDate = (date: Date): Day =>
  `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;

/** Today, as the first day a date picker offers when the past is not allowed. */
export const today = (now: Date = new Date()): Day => dayOfDate(now);

/** The day a stored date falls on, for a form ('' when missing or not a date). */
export function dayOf(value: string | null | undefined): Day {
  const date = parseDate(value);
  return date ? dayOfDate(date) : '';
}

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
  const date = parseDate(text);
  return date ? `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}` : '';
}

/** A chosen day at the given time in the admin's time zone, as an ISO timestamp. */
function atTime(day: Day, ...time: [hours: number, minutes?: number, seconds?: number, ms?: number]): string {
  const date = parseDate(day);
  if (!date) throw new RangeError(`Not a day: ${day}`);
  date.setHours(...time);
  return date.toISOString();
}

/**
 * The end of a chosen day (23:59:59.999 in the admin's time zone) as an ISO timestamp: an offer chosen to expire
 * today lasts until the end of today (SPEC 5 and 9: the earliest expiry is the end of today).
 */
export const endOfDay = (day: Day): string => atTime(day, 23, 59, 59, 999);

/** Noon of a chosen day as an ISO timestamp: the same calendar day wherever it is read within twelve hours of here. */
export const middayOf = (day: Day): string => atTime(day, 12, 0, 0, 0);
