import { z } from 'zod/mini';

/** Pieces of form schemas. Messages always come from the caller: they are SPEC section 5's, verbatim. */

export const requiredText = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

export const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

/** The Status select holds 'true' / 'false' (or '' before a choice); the API wants a boolean. */
export const statusField = (message = 'Please select status') =>
  z.string().check(z.refine((value) => value === 'true' || value === 'false', message));

export const statusFromForm = (value: string) => value === 'true';
export const statusToForm = (enabled: boolean) => (enabled ? 'true' : 'false');

/** Rich text counts as empty when it has no visible text (an editor's empty paragraph is not an answer). */
export const requiredHtml = (message: string) =>
  z.string().check(
    z.refine(
      (html) =>
        html
          .replace(/<[^>]*>/g, '')
          .replace(/&nbsp;/g, ' ')
          .trim().length > 0,
      message,
    ),
  );
