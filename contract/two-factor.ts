/**
 * Two-factor sign-in ('two-factor'): the shape of its codes and the words its answers use, shared by the reference
 * server, the mocks and the console.
 */

/** A TOTP code (RFC 6238 with SHA-1, as authenticator apps take it): 6 digits for a 30-second step. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;

/** How many recovery codes an admin holds: each signs in once, in place of a code. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A recovery code's 32 letters (5 bits each): no I, O, 0 or 1 that could be misread. 16 of them (80 random bits),
 * shown in groups of four: ABCD-EFGH-JKLM-NPQR.
 */
export const RECOVERY_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const RECOVERY_CODE_LENGTH = 16;

/** The longest code field the API reads (a recovery code with its dashes and some blanks to spare). */
export const CODE_MAX = 40;

/** What a challenge asks for after the password: a code, or the set-up of two-factor first (it is required). */
export type TwoFactorStep = 'code' | 'enrol';

/**
 * Every challenge of a sign-in: the steps after the password, and 'codes', which a set-up at sign-in answers with the
 * recovery codes: the session starts when the admin has them (POST /api/login/two-factor/acknowledge).
 */
export type ChallengeKind = TwoFactorStep | 'codes';

/** A code as typed: six digits (spaces ignored) are a TOTP code; anything else a recovery code (dashes ignored). */
export function readCode(typed: string): { kind: 'totp' | 'recovery'; code: string } {
  const digits = typed.replace(/\s+/g, '');
  if (/^\d{6}$/.test(digits)) return { kind: 'totp', code: digits };
  return { kind: 'recovery', code: typed.replace(/[\s-]+/g, '').toUpperCase() };
}

export const TWO_FACTOR_MESSAGES = {
  codeStep: 'Enter the code from your authenticator app',
  enrolStep: 'Two-factor sign-in is required: set it up to continue',
  codesStep: 'Two-factor sign-in is on. Save your recovery codes, then continue.',
  codeRequired: 'Please enter the code',
  wrongCode: 'The code is incorrect or has already been used',
  challengeExpired: 'This sign-in has expired. Please sign in again.',
  tooManyCodes: 'Too many wrong codes. Try again later.',
  alreadyEnabled: 'Two-factor sign-in is on already: turn it off first',
  notEnabled: 'Two-factor sign-in is not on',
  noSetUp: 'Start the set-up first',
  required: 'Two-factor sign-in is required for every admin',
  passwordWrong: 'The password is incorrect',
} as const;
