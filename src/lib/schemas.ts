import { z } from 'zod';

/**
 * Building blocks for response schemas. Real data is messy: optional fields arrive as null or not at all,
 * numbers and booleans sometimes as strings. These accept that and hand screens clean values.
 */

export const id = z.string().min(1);

/** Text that may be null or missing; screens get ''. */
export const text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

/** A boolean that may arrive as 'true' / 'false' or be missing (false). */
export const flag = z
  .union([z.boolean(), z.enum(['true', 'false']), z.null(), z.undefined()])
  .transform((value) => value === true || value === 'true');

/** A number that may arrive as a numeric string; missing or blank becomes null. */
export const optionalNumber = z
  .union([z.number(), z.string(), z.null(), z.undefined()])
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === '') return null;
    const number = Number(value);
    if (Number.isNaN(number)) {
      ctx.addIssue({ code: 'custom', message: 'Expected a number' });
      return z.NEVER;
    }
    return number;
  });

/** An ISO date string, or null when missing. */
export const optionalDate = z
  .string()
  .nullish()
  .transform((value) => value || null);

/** A reference that some answers populate ({ _id, name }) and others leave as a bare id. */
export const userRef = z.union([
  z.object({ _id: id, name: text }),
  id.transform((value) => ({ _id: value, name: '' })),
]);

/** Answers to writes and deletes: only the message matters. */
export const ack = z.object({ message: text });

/** { result: T } */
export const envelope = <T extends z.ZodType>(result: T) => z.object({ message: text, result });

/** { result: T[] } where a missing or null list means none. */
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({
    result: z
      .array(item)
      .nullish()
      .transform((rows) => rows ?? []),
  });

/** { result: T[], pagination: { count } } */
export const pageEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({
    result: z
      .array(item)
      .nullish()
      .transform((rows) => rows ?? []),
    pagination: z
      .object({ count: z.coerce.number().int().nonnegative() })
      .nullish()
      .transform((pagination) => pagination ?? { count: 0 }),
  });
