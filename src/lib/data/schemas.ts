import { z } from 'zod/mini';

/**
 * Building blocks for response schemas (zod/mini keeps the first load small; the API is zod's, functional style).
 * Real data is messy: optional fields arrive as null or not at all, numbers and booleans sometimes as strings.
 * These accept that and hand screens clean values.
 */

export const id = z.string().check(z.minLength(1));

/** Text that may be null or missing; screens get ''. */
export const text = z.pipe(
  z.nullish(z.string()),
  z.transform((value) => value ?? ''),
);

/** A boolean that may arrive as 'true' / 'false' or be missing (false). */
export const flag = z.pipe(
  z.nullish(z.union([z.boolean(), z.literal('true'), z.literal('false')])),
  z.transform((value) => value === true || value === 'true'),
);

/** A number that may arrive as a numeric string; missing, blank or not a number becomes null. */
export const optionalNumber = z.pipe(
  z.nullish(z.union([z.number(), z.string()])),
  z.transform((value) => {
    if (value === null || value === undefined || value === '') return null;
    const number = Number(value);
    return Number.isNaN(number) ? null : number;
  }),
);

/** An ISO date string, or null when missing. */
export const optionalDate = z.pipe(
  z.nullish(z.string()),
  z.transform((value) => value || null),
);

/** A stored file's path, or null when missing or blank (the screen shows a default image). */
export const optionalPath = optionalDate;

/**
 * A reference that some answers populate ({ _id, name }, and the surname where the API gives it: the reference
 * server does, SPEC-only APIs do not) and others leave as a bare id.
 */
export const userRef = z.union([
  z.object({ _id: id, name: text, surname: z.optional(text) }),
  z.pipe(
    id,
    z.transform((value) => ({ _id: value, name: '' })),
  ),
]);

/** Answers to writes and deletes: only the message matters. */
export const ack = z.object({ message: text });
