import { z } from 'zod';
import { plainText } from '../../contract/moderation';
import {
  checkBool,
  checkDate,
  checkNumber,
  checkSearch,
  checkSecret,
  checkText,
  isEmpty,
  Refusal,
  type NumberRule,
  type TextRule,
} from '../../contract/rules';
import { HttpError } from './errors';

export { TIME_OF_DAY } from '../../contract/rules';
export type { NumberRule, TextRule };

const refuse = (message: string) => new Refusal(message);

/** The API's field rules (contract/rules.ts) as zod schemas, so that a body's fields parse as one object. */
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

/**
 * Text, trimmed. An optional field sent empty or null is stored as '' (its columns are NOT NULL DEFAULT '');
 * an optional field not sent is left alone.
 */
export function text(label: string, options: TextRule & { required: true }): z.ZodType<string>;
export function text(label: string, options?: TextRule): z.ZodType<string | undefined>;
export function text(label: string, options: TextRule = {}): z.ZodType<string | undefined> {
  return rule((value) => checkText(label, value, options));
}

/** A reason or note (a status change's reason, a case's note): text as `text` takes it, cleaned by plainText first. */
export function freeText(label: string, options: { max: number }) {
  return z
    .unknown()
    .transform((value) => (typeof value === 'string' ? plainText(value) : value))
    .pipe(text(label, options));
}

export function number(label: string, options: NumberRule & { required: true }): z.ZodType<number>;
export function number(label: string, options: NumberRule): z.ZodType<number | null | undefined>;
export function number(label: string, options: NumberRule): z.ZodType<number | null | undefined> {
  return rule((value) => checkNumber(label, value, options));
}

/** JSON booleans, or 'true' / 'false' (and '1' / '0') as multipart sends them. */
export function bool(label: string, options: { required?: boolean } = {}) {
  return rule((value) => checkBool(label, value, options));
}

export function date(label: string, options: { required: true }): z.ZodType<string>;
export function date(label: string, options?: { required?: boolean }): z.ZodType<string | undefined>;
export function date(label: string, options: { required?: boolean } = {}): z.ZodType<string | undefined> {
  return rule((value) => checkDate(label, value, options));
}

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

/** A list's search text (`q`). */
export const searchText = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const result = checkSearch(value);
    if (!(result instanceof Refusal)) return result;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });

/** A password as typed: never trimmed, bounded so hashing it stays cheap. */
export function secret(label: string, options: { min?: number; max: number }) {
  return rule((value) => checkSecret(label, value, options));
}

/** A password that may be left out: sent empty (or not sent) it is undefined. */
export function optionalSecret(label: string, options: { min?: number; max: number }) {
  return rule((value) => (isEmpty(value) ? undefined : checkSecret(label, value, options)));
}

/**
 * A body's fields, each by its own rule, in the order declared; the first refusal is the answer (400), naming the
 * field it refused (`field`, so that a form can say it under that field). Only own
 * properties are read, so a body's "__proto__" or "constructor" is never taken for a field.
 */
export function fields<S extends Record<string, z.ZodType>>(shape: S) {
  return {
    parse(body: Record<string, unknown>): { [K in keyof S]: z.output<S[K]> } {
      const out: Record<string, unknown> = {};
      for (const [name, schema] of Object.entries(shape)) {
        const result = schema.safeParse(Object.hasOwn(body, name) ? body[name] : undefined);
        if (!result.success)
          throw new HttpError(400, result.error.issues[0]?.message ?? 'Invalid request', { field: name });
        out[name] = result.data;
      }
      return out as { [K in keyof S]: z.output<S[K]> };
    },
  };
}
