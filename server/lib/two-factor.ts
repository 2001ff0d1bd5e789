import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
} from '../../contract/two-factor';
import type { ChallengeRow, TwoFactorRow } from '../db/two-factor';
import type { UserRow } from '../db/users';

/** The name authenticator apps show beside the admin's e-mail. */
export const TOTP_ISSUER = 'Admin Console';

/** A new TOTP secret: 160 random bits (RFC 4226's recommended length), in base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

const totp = (secret: string | Secret, digits = TOTP_DIGITS) =>
  new TOTP({
    algorithm: 'SHA1',
    digits,
    period: TOTP_PERIOD_SECONDS,
    secret: typeof secret === 'string' ? Secret.fromBase32(secret) : secret,
  });

/** The time step of `at` (ms): the counter a code is computed from. */
export const timeStep = (at: number) => Math.floor(at / 1000 / TOTP_PERIOD_SECONDS);

/** The code of `secret` at `at` (ms); `digits` other than 6 only for RFC 6238's test vectors. */
export function totpCode(secret: string | Secret, at: number, digits = TOTP_DIGITS): string {
  return totp(secret, digits).generate({ timestamp: at });
}

/**
 * The time step a code belongs to, when it is the code of `secret` at `at` or one step before or after (a clock a
 * little off, a code typed as it changed); undefined otherwise. The caller takes that step once (db takeStep).
 */
export function totpStep(secret: string, code: string, at: number): number | undefined {
  const delta = totp(secret).validate({ token: code, timestamp: at, window: 1 });
  return delta === null ? undefined : timeStep(at) + delta;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, account: string): string {
  const otp = totp(secret);
  otp.issuer = TOTP_ISSUER;
  otp.label = account;
  return otp.toString();
}

/** The URI as a QR code, an SVG drawn here (the console shows it as an image; no third party sees the secret). */
export function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** Ten new recovery codes, as shown once to the admin: ABCD-EFGH-JKLM-NPQR. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const letters = Array.from(
      { length: RECOVERY_CODE_LENGTH },
      () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)],
    ).join('');
    return letters.match(/.{4}/g)!.join('-');
  });
}

/**
 * A recovery code's stored form: the SHA-256 of the code as readCode gives it (no dashes, upper case). The codes are
 * 80 random bits, so neither a slow hash nor a key is needed to keep a copy of the database from revealing them: no
 * guessing list exists, and trying 2^79 digests is out of reach. A plain digest also makes the check one indexed
 * equality, and outlives a new JWT_SECRET.
 */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** A new sign-in challenge: what the client gets, and the digest kept in the database. */
export function newChallenge(): { id: string; idHash: string } {
  const id = randomBytes(32).toString('base64url');
  return { id, idHash: challengeHash(id) };
}

export const challengeHash = (id: string) => createHash('sha256').update(id).digest('hex');

/**
 * Whether a challenge still stands for the state it was given in: the admin active, with the same token version (no
 * new password and no disabling since), and for 'enrol' still without two-factor, for 'code' (and 'codes', after a
 * set-up) the same two-factor (not reset, nor reset and set up again). Read under the admin's row locks, so that a change commits before or after.
 */
export function challengeHolds(
  challenge: ChallengeRow,
  admin: UserRow,
  state: TwoFactorRow | undefined,
): boolean {
  if (admin.admin_status !== 'active' || admin.token_version !== challenge.token_version) return false;
  if (challenge.kind === 'enrol') return !state?.secret;
  return Boolean(state?.secret) && state?.enabled_at === challenge.two_factor_since;
}
