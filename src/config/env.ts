import { z } from 'zod/mini';
import { cleanApiUrl } from './api-root';

const envSchema = z.object({
  VITE_API_URL: z.pipe(z.optional(z.string()), z.transform(cleanApiUrl)),
});

const parsed = envSchema.parse(import.meta.env);

/** Configuration read once at start-up. The API lives on the page's own origin unless VITE_API_URL says otherwise. */
export const env = {
  apiUrl: parsed.VITE_API_URL,
} as const;
