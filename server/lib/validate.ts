import { z } from 'zod';
import { DEFAULT_TEXT_MAX } from '../../contract/limits';
import { plainText } from '../../contract/moderation';
import { HttpError } from './errors';

/**
 * Field rules with messages an admin can read as they stand ("Title must be at most 300 characters"), since the
 * console shows them verbatim. Each rule takes whatever a JSON or multipart body holds and either answers the value
 * to store or refuses it; nothing is coerced loosely (no "0x10" as 16, no [] as 0, no null as 0).
 */

class Refusal {
  constructor(readonly message: string) {}
}

const refuse = (message: string) => new Refusal(message);

function rule<T>(check: (value: unknown) => T | Refusal) {
  return z.unknown().transform((value, ctx): T => {
    const result = check(value);
    if (result instanceof Refusal) {
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }
    return result;
  });
}

/** Absent (undefined) means "not sent"; null and '' mean "empty". */
const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

export type TextRule = {
  required?: boolean;
  max?: number;
  email?: boolean;
  oneOf?: readonly string[];
  /** A format the trimmed text must match, and how to say it: 'must be a time of day (HH:mm)'. */
  format?: { pattern: RegExp; says: string };
};

const emailSchema = z.email();

/**
 * Text, trimmed. An optional field sent empty or null is stored as '' (its columns are NOT NULL DEFAULT '');
 * an optional field not sent is left alone.
 */
export function text(label: string, options: TextRule & { required: true }): z.ZodType<string>;
export function text(label: string, options?: TextRule): z.ZodType<string | undefined>;
export function text(label: string, options: TextRule = {}): z.ZodType<string | undefined> {
  const max = options.max ?? DEFAULT_TEXT_MAX;
  return rule((value): string | undefined | Refusal => {
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
    if (options.email && !emailSchema.safeParse(trimmed).success)
      return refuse(`${label} must be a valid e-mail address`);
    if (options.format && !options.format.pattern.test(trimmed))
      return refuse(`${label} ${options.format.says}`);
    return trimmed;
  });
}

/** A reason or note (a status change's reason, a case's note): text as `text` takes it, cleaned by plainText first. */
export function freeText(label: string, options: { max: number }) {
  return z
    .unknown()
    .transform((value) => (typeof value === 'string' ? plainText(value) : value))
    .pipe(text(label, options));
}

export type NumberRule = { required?: boolean; min?: number; max: number; integer?: boolean };

/** Decimal digits (with an optional fraction and sign) or a JSON number; never hex, exponents, blanks or booleans. */
const DECIMAL = /^-?\d{1,15}(\.\d{1,10})?$/;

export function number(label: string, options: NumberRule & { required: true }): z.ZodType<number>;
export function number(label: string, options: NumberRule): z.ZodType<number | null | undefined>;
export function number(label: string, options: NumberRule): z.ZodType<number | null | undefined> {
  return rule((value): number | null | undefined | Refusal => {
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
  });
}

/** JSON booleans, or 'true' / 'false' (and '1' / '0') as multipart sends them. */
export function bool(label: string, options: { required?: boolean } = {}) {
  return rule((value): boolean | undefined | Refusal => {
    if (isEmpty(value)) return options.required ? refuse(`${label} is required`) : undefined;
    if (value === true || value === 'true' || value === '1') return true;
    if (value === false || value === 'false' || value === '0') return false;
    return refuse(`${label} must be true or false`);
  });
}

/** A calendar date, or a date and time, in ISO 8601 form; answered as an ISO timestamp. */
const ISO_DATE =
  /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])([T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?)?$/;

/** Date.parse rolls a day past its month's end over (2020-02-30 is 1 March): the day must be in its month. */
function dayExists(match: RegExpExecArray) {
  const [year, month, day] = [1, 2, 3].map((group) => Number(match[group])) as [number, number, number];
  const calendar = new Date(0);
  calendar.setUTCFullYear(year, month - 1, day);
  return calendar.getUTCMonth() === month - 1;
}

export function date(label: string, options: { required: true }): z.ZodType<string>;
export function date(label: string, options?: { required?: boolean }): z.ZodType<string | undefined>;
export function date(label: string, options: { required?: boolean } = {}): z.ZodType<string | undefined> {
  return rule((value): string | undefined | Refusal => {
    if (isEmpty(value)) return options.required ? refuse(`${label} is required`) : undefined;
    const written = typeof value === 'string' ? value.trim() : '';
    const match = ISO_DATE.exec(written);
    if (!match) return refuse(`${label} must be a date`);
    if (!dayExists(match)) return refuse(`${label} must be a date that exists (${written} does not)`);
    const time = Date.parse(written);
    if (Number.isNaN(time)) return refuse(`${label} must be a date`);
    return new Date(time).toISOString();
  });
}

export const TIME_OF_DAY = { pattern: /^([01]\d|2[0-3]):[0-5]\d$/, says: 'must be a time of day (HH:mm)' };

const HEX_ID = /^[0-9a-f]{24}$/;

/** The id of a row in another table; an unknown or malformed one is refused as "<Label> not found". */
export function ref(label: string, exists: (id: string) => boolean, options: { required?: boolean } = {}) {
  return rule((value): string | undefined | Refusal => {
    if (isEmpty(value)) return options.required ? refuse(`${label} is required`) : undefined;
    if (typeof value !== 'string') return refuse(`${label} must be an id`);
    const id = value.trim();
    if (!HEX_ID.test(id) || !exists(id)) return refuse(`${label} not found`);
    return id;
  });
}

/** "seoTitle" → "Seo title": the label of a field when its declaration names none. */
export function labelOf(name: string) {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A list's search text (`q`): at most 100 characters, NUL refused (SQLite's full-text queries cannot take it). */
export const searchText = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const trimmed = value?.trim();
    if (!trimmed) return undefined;
    if (trimmed.length > 100)
      ctx.addIssue({ code: 'custom', message: 'The search must be at most 100 characters' });
    else if (trimmed.includes('\u0000'))
      ctx.addIssue({ code: 'custom', message: 'The search must not contain NUL characters' });
    else return trimmed;
    return z.NEVER;
  });

/** A password as typed: never trimmed, bounded so hashing it stays cheap. */
export function secret(label: string, options: { min?: number; max: number }) {
  return rule((value): string | Refusal => {
    if (isEmpty(value)) return refuse(`${label} is required`);
    if (typeof value !== 'string') return refuse(`${label} must be text`);
    if (value.length > options.max) return refuse(`${label} must be at most ${options.max} characters`);
    if (options.min && value.length < options.min)
      return refuse(`${label} must be at least ${options.min} characters`);
    return value;
  });
}

/**
 * A body's fields, each by its own rule, in the order declared; the first refusal is the answer (400). Only own
 * properties are read, so a body's "__proto__" or "constructor" is never taken for a field.
 */
export function fields<S extends Record<string, z.ZodType>>(shape: S) {
  return {
    parse(body: Record<string, unknown>): { [K in keyof S]: z.output<S[K]> } {
      const out: Record<string, unknown> = {};
      for (const [name, schema] of Object.entries(shape)) {
        const result = schema.safeParse(Object.hasOwn(body, name) ? body[name] : undefined);
        if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? 'Invalid request');
        out[name] = result.data;
      }
      return out as { [K in keyof S]: z.output<S[K]> };
    },
  };
}
