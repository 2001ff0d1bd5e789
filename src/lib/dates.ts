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

/**
 * The end of a chosen day (23:59:59.999 in the admin's time zone) as an ISO timestamp: an offer chosen to expire
 * today lasts until the end of today (SPEC 5 and 9: the earliest expiry is the end of today).
 */
export const endOfDay = (day: Day): string => dayjs(day).endOf('day').toISOString();

/** Noon of a chosen day as an ISO timestamp: the same calendar day wherever it is read within twelve hours of here. */
export const middayOf = (day: Day): string => dayjs(day).hour(12).startOf('hour').toISOString();
