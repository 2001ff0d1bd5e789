import { z } from 'zod';

const envSchema = z.object({
  VITE_API_URL: z
    .string()
    .trim()
    .optional()
    .transform((url) => (url ? url.replace(/\/+$/, '') : '')),
  MODE: z.string(),
  DEV: z.boolean(),
});

const parsed = envSchema.parse(import.meta.env);

/** Configuration read once at start-up. The API lives on the page's own origin unless VITE_API_URL says otherwise. */
export const env = {
  apiUrl: parsed.VITE_API_URL,
  isMockMode: parsed.MODE === 'mock',
  isDev: parsed.DEV,
} as const;
