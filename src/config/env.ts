import { z } from 'zod/mini';

const envSchema = z.object({
  VITE_API_URL: z.pipe(
    z.optional(z.string().check(z.trim())),
    z.transform((url) => (url ? url.replace(/\/+$/, '') : '')),
  ),
});

const parsed = envSchema.parse(import.meta.env);

/** Configuration read once at start-up. The API lives on the page's own origin unless VITE_API_URL says otherwise. */
export const env = {
  apiUrl: parsed.VITE_API_URL,
} as const;
