/**
 * The product's one way of writing a date and a time, for the console (in the admin's time zone, src/lib/format.ts)
 * and for the server's mails and records (in UTC): '6 Dec 2026' and '6 Dec 2026, 14:05', with the zone after the time
 * where the time is part of a record or a mail: '6 Dec 2026, 14:05 UTC'. Day first and the month in letters, so no
 * reader mistakes 6 December for 12 June; the 24-hour clock.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A moment's calendar and clock fields in some time zone (month from 0, as Date counts). */
export type DateFields = { year: number; month: number; day: number; hour: number; minute: number };

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** '6 Dec 2026' */
export const writeDate = ({ year, month, day }: Pick<DateFields, 'year' | 'month' | 'day'>) =>
  `${day} ${MONTHS[month]} ${year}`;

/** '6 Dec' (a chart's day, where the year goes without saying). */
export const writeDayMonth = ({ month, day }: Pick<DateFields, 'month' | 'day'>) => `${day} ${MONTHS[month]}`;

/** '6 Dec 2026, 14:05' */
export const writeDateTime = (fields: DateFields) =>
  `${writeDate(fields)}, ${twoDigits(fields.hour)}:${twoDigits(fields.minute)}`;

/** A moment's fields in UTC. */
export const utcFields = (date: Date): DateFields => ({
  year: date.getUTCFullYear(),
  month: date.getUTCMonth(),
  day: date.getUTCDate(),
  hour: date.getUTCHours(),
  minute: date.getUTCMinutes(),
});

/** A stored time as a mail or a record writes it: '6 Dec 2026, 14:05 UTC'. */
export const utcDateTimeText = (iso: string) => `${writeDateTime(utcFields(new Date(iso)))} UTC`;
