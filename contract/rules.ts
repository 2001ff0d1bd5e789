import { DEFAULT_PAGE_SIZE, DEFAULT_TEXT_MAX, MAX_PAGE_SIZE, SEARCH_MAX } from './limits';

/**
 * The API's input rules, with messages an admin can read as they stand ("Title must be at most 300 characters"),
 * since the console shows them verbatim. Each takes whatever a JSON or multipart body holds and answers the value to
 * store or a Refusal; nothing is coerced loosely (no "0x10" as 16, no [] as 0, no null as 0). The server wraps them in
 * zod (server/lib/validate.ts), the mocks throw their refusals (mocks/rules.ts).
 */

export class Refusal {
  constructor(readonly message: string) {}
}

const refuse = (message: string) => new Refusal(message);

/** Absent (undefined) means "not sent"; null and '' mean "empty". */
export const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** zod's z.email() pattern, so the server and the mocks take the same addresses. */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export type TextRule = {
  required?: boolean;
  max?: number;
  email?: boolean;
  oneOf?: readonly string[];
  /** A format the trimmed text must match, and how to say it: 'must be a time of day (HH:mm)'. */
  format?: { pattern: RegExp; says: string };
};

export const TIME_OF_DAY = { pattern: /^([01]\d|2[0-3]):[0-5]\d$/, says: 'must be a time of day (HH:mm)' };

/**
 * Text, trimmed. An optional field sent empty or null is '' (stored as such); an optional field not sent is
 * undefined (left alone).
 */
export function checkText(
  label: string,
  value: unknown,
  options: TextRule = {},
): string | undefined | Refusal {
  const max = options.max ?? DEFAULT_TEXT_MAX;
  if (isEmpty(value)) {
    if (options.required) return refuse(`${label} is required`);
    return value === undefined ? undefined : '';
  }
  if (typeof value !== 'string') return refuse(`${label} must be text`);
  const tooLong = options.format
    ? `${label} ${options.format.says}`
    : `${label} must be at most ${max} characters`;
  if (value.length > max * 4) return refuse(tooLong);
  const trimmed = value.trim();
  if (!trimmed) return options.required ? refuse(`${label} is required`) : '';
  if (trimmed.length > max) return refuse(tooLong);
  if (trimmed.includes('\u0000')) return refuse(`${label} must not contain NUL characters`);
  if (options.oneOf && !options.oneOf.includes(trimmed))
    return refuse(`${label} must be one of ${options.oneOf.join(', ')}`);
  if (options.email && !EMAIL.test(trimmed)) return refuse(`${label} must be a valid e-mail address`);
  if (options.format && !options.format.pattern.test(trimmed))
    return refuse(`${label} ${options.format.says}`);
  return trimmed;
}

export type NumberRule = { required?: boolean; min?: number; max: number; integer?: boolean };

/** Decimal digits (with an optional fraction and sign) or a JSON number; never hex, exponents, blanks or booleans. */
const DECIMAL = /^-?\d{1,15}(\.\d{1,10})?$/;

/** A number; an optional one sent empty or null is null, not sent undefined. */
export function checkNumber(
  label: string,
  value: unknown,
  options: NumberRule,
): number | null | undefined | Refusal {
  if (isEmpty(value)) {
    if (options.required) return refuse(`${label} is required`);
    return value === undefined ? undefined : null;
  }
  let parsed: number;
  if (typeof value === 'number') parsed = value;
  else if (typeof value === 'string' && DECIMAL.test(value.trim())) parsed = Number(value.trim());
  else return refuse(`${label} must be a number`);
  if (!Number.isFinite(parsed)) return refuse(`${label} must be a number`);
  if (options.integer && !Number.isInteger(parsed)) return refuse(`${label} must be a whole number`);
  if (options.min !== undefined && parsed < options.min)
    return refuse(`${label} must be at least ${options.min}`);
  if (parsed > options.max) return refuse(`${label} must be at most ${options.max}`);
  return parsed;
}

/** JSON booleans, or 'true' / 'false' (and '1' / '0') as multipart sends them. */
export function checkBool(
  label: string,
  value: unknown,
  options: { required?: boolean } = {},
): boolean | undefined | Refusal {
  if (isEmpty(value)) return options.required ? refuse(`${label} is required`) : undefined;
  if (value === true || value === 'true' || value === '1') return true;
  if (value === false || value === 'false' || value === '0') return false;
  return refuse(`${label} must be true or false`);
}

/** A calendar date, or a date and time, in ISO 8601 form. */
const ISO_DATE =
  /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])([T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?)?$/;

/** Date.parse rolls a day past its month's end over (2020-02-30 is 1 March): the day must be in its month. */
function dayExists(match: RegExpExecArray) {
  const [year, month, day] = [1, 2, 3].map((group) => Number(match[group])) as [number, number, number];
  const calendar = new Date(0);
  calendar.setUTCFullYear(year, month - 1, day);
  return calendar.getUTCMonth() === month - 1;
}

/** A date, answered as an ISO timestamp. */
export function checkDate(
  label: string,
  value: unknown,
  options: { required?: boolean } = {},
): string | undefined | Refusal {
  if (isEmpty(value)) return options.required ? refuse(`${label} is required`) : undefined;
  const written = typeof value === 'string' ? value.trim() : '';
  const match = ISO_DATE.exec(written);
  if (!match) return refuse(`${label} must be a date`);
  if (!dayExists(match)) return refuse(`${label} must be a date that exists (${written} does not)`);
  const time = Date.parse(written);
  if (Number.isNaN(time)) return refuse(`${label} must be a date`);
  return new Date(time).toISOString();
}

/** A password as typed: never trimmed, bounded so hashing it stays cheap. */
export function checkSecret(
  label: string,
  value: unknown,
  options: { min?: number; max: number },
): string | Refusal {
  if (isEmpty(value)) return refuse(`${label} is required`);
  if (typeof value !== 'string') return refuse(`${label} must be text`);
  if (value.length > options.max) return refuse(`${label} must be at most ${options.max} characters`);
  if (options.min && value.length < options.min)
    return refuse(`${label} must be at least ${options.min} characters`);
  return value;
}

/** A list's search text (`q`), trimmed: NUL refused (SQLite's full-text queries cannot take it). */
export function checkSearch(value: string | null | undefined): string | undefined | Refusal {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  if (trimmed.length > SEARCH_MAX) return refuse(`The search must be at most ${SEARCH_MAX} characters`);
  if (trimmed.includes('\u0000')) return refuse('The search must not contain NUL characters');
  return trimmed;
}

/** A paging number (`page`, `items`, `limit`): decimal digits only, from 1 to a bound that keeps offsets exact. */
export function checkPageNumber(
  label: string,
  value: string | null | undefined,
): number | undefined | Refusal {
  if (value === undefined || value === null || value === '') return undefined;
  const parsed = /^\d{1,9}$/.test(value) ? Number(value) : 0;
  if (parsed < 1) return refuse(`${label} must be a whole number of 1 or more`);
  return parsed;
}

/** A page's size: `items` (users, posts) or `limit` (everything else), at most MAX_PAGE_SIZE. */
export const pageSize = (items: number | undefined, limit: number | undefined) =>
  Math.min(items ?? limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);

/** A request body that may be empty: {} when it holds only blanks, else a JSON object or a refusal. */
export function optionalJsonObject(text: string): Record<string, unknown> | Refusal {
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return refuse('The request body must be a JSON object');
  return body as Record<string, unknown>;
}
