import dayjs from 'dayjs';
import { timeOf } from './dates';

/**
 * The date and time formats of SPEC 9, in one place: every date or time the console shows goes through one of these,
 * so none is ever printed as the API sent it. Missing or invalid values show a dash.
 */
function format(value: string | null | undefined, pattern: string): string {
  if (!value) return '-';
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : '-';
}

/** December 05, 2024 03:30 PM */
export const formatDateTime = (value: string | null | undefined) => format(value, 'MMMM DD, YYYY hh:mm A');

/** 05-12-2024 15:30:00 */
export const formatNumericDateTime = (value: string | null | undefined) =>
  format(value, 'DD-MM-YYYY HH:mm:ss');

/** 5 December 1990. A birth date is a calendar date: its day must not move with the viewer's time zone. */
export const formatLongDate = (value: string | null | undefined) =>
  format(value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : value, 'D MMMM YYYY');

/** 19:00, whether the API sends a time of day ('19:00') or a date-time. */
export const formatTimeOfDay = (value: unknown) => timeOf(value) || '-';

/** The browser's locale date. */
export function formatLocaleDate(value: string | null | undefined): string {
  if (!value) return '-';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '-' : date.toLocaleDateString();
}

export function capitalize(value: string): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : value;
}
