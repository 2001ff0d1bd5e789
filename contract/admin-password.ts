/**
 * The admin password rule ('admin-password-rule'): what a password an admin account takes must be (an invitation's,
 * a new one on the own profile, ADMIN_PASSWORD at the first start). Shared by the reference server, the mocks and the
 * console. The list of common and breached passwords is the reference server's alone (server/lib/passwords.ts): the
 * console states the rule and shows the server's refusal, and never carries the list.
 */

export const ADMIN_PASSWORD_MIN = 12;

/** The password the README publishes for a first start without ADMIN_PASSWORD. */
export const PUBLISHED_DEFAULT_PASSWORD = 'Admin@123';

/** The rule as the console states it above the password field. */
export const ADMIN_PASSWORD_RULE = `Use at least ${ADMIN_PASSWORD_MIN} characters. Common passwords, passwords known from data breaches and the default password are refused.`;

export const ADMIN_PASSWORD_MESSAGES = {
  short: `Password must be at least ${ADMIN_PASSWORD_MIN} characters`,
  common: 'This password is on a list of common or breached passwords: choose another',
  published: 'This is the published default password: choose another',
} as const;

/**
 * Why `password` cannot be an admin's, or undefined when it can. `isListed` says whether a password (in lower case) is
 * on the list of common or breached passwords; without it only the length, the default and one character repeated
 * (twelve spaces, "aaaaaaaaaaaa") are checked.
 */
export function adminPasswordProblem(
  password: string,
  isListed: (lowerCase: string) => boolean = () => false,
): string | undefined {
  const lowerCase = password.toLowerCase();
  if (lowerCase === PUBLISHED_DEFAULT_PASSWORD.toLowerCase()) return ADMIN_PASSWORD_MESSAGES.published;
  if (password.length < ADMIN_PASSWORD_MIN) return ADMIN_PASSWORD_MESSAGES.short;
  if (/^(.)\1*$/su.test(password) || isListed(lowerCase)) return ADMIN_PASSWORD_MESSAGES.common;
  return undefined;
}
