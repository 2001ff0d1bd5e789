/**
 * Admin sessions ('sessions'): what the server keeps of each sign-in and how a session names its browser. The server
 * answers `browser` from the stored user agent, and the mocks answer it the same way.
 */

/** The longest user agent a session keeps (a longer one is cut). */
export const USER_AGENT_MAX = 512;

/** Why a session ended, as its row records it. */
export const SESSION_END_REASONS = [
  'sign-out',
  'ended',
  'others-ended',
  'password',
  'expired',
  'two-factor',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** How long a session may go unused before it is refused, unless SESSION_IDLE_MINUTES says otherwise. */
export const DEFAULT_SESSION_IDLE_MINUTES = 30;

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Tested in this order: an iPhone's agent also says "Mac OS X", an Android's also "Linux". */
const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A short readable name for a user agent: 'Firefox on Linux', 'Safari on iPhone'; a client that is no browser by its
 * first product ('curl'); 'Unknown browser' when the agent says nothing usable.
 */
export function browserName(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  const product = /^([A-Za-z][\w.-]{0,39})\//.exec(userAgent)?.[1];
  if (product && product !== 'Mozilla') return product;
  return system ? `A browser on ${system}` : 'Unknown browser';
}
