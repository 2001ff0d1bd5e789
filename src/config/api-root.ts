// The API's address, as the API client and src/boot.ts both reach it. Plain code only: boot is built without the
// main bundle (see vite-plugins/boot-script.ts).

/** VITE_API_URL as configured: without surrounding spaces or trailing slashes, '' when unset. */
export const cleanApiUrl = (url: string | undefined) => (url ?? '').trim().replace(/\/+$/, '');

/** Where the API's paths start: the configured host, else this page's own origin, then /api. */
export const apiRoot = (apiUrl: string) => `${apiUrl || window.location.origin}/api`;
