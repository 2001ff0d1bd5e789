import { Secret, TOTP } from 'otpauth';
import { expect, vi } from 'vitest';
import { CONSOLE_ADMIN } from './api-fixture';
import { api, callApi, signInAs } from './api-server';

/**
 * Two-factor sign-in on the reference server, for the console's tests: the Owner's turned on through the API, codes
 * as an authenticator app computes them, and a sign-in with a code as another browser makes it.
 */

/** The code of `secret` an authenticator app shows at `at`. */
export const codeOf = (secret: string, at = Date.now()) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at,
  });

/**
 * Turns the Owner's two-factor on through the API (its set-up and first code) as a minute ago, in a session of the
 * Owner started then that the console's tests go on in (signInAs): the server takes each code's time step once and
 * never an older one, so the codes of now and of the next step are still to be taken. Its secret and recovery codes.
 */
export async function turnOnOwnersTwoFactor() {
  // Only the clock moves back: the server works in this process, and its database calls need the real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() - 60_000);
  try {
    await signInAs('owner');
    const { secret } = await api.post<{ secret: string }>('/api/admin/two-factor/setup');
    const { recoveryCodes } = await api.post<{ recoveryCodes: string[] }>('/api/admin/two-factor/confirm', {
      code: codeOf(secret),
    });
    return { secret, recoveryCodes };
  } finally {
    vi.useRealTimers();
  }
}

/** Signs the Owner in with the password and then `code`, as another browser would: the new session's token. */
export async function signInWithCode(code: string) {
  const password = await callApi<{ result: { challenge: string } }>('POST', '/api/login', {
    json: { ...CONSOLE_ADMIN, isRole: 'admin' },
    token: null,
  });
  const signedIn = await callApi<{ result: { token: string } }>('POST', '/api/login/two-factor', {
    json: { challenge: password.body.result.challenge, code },
    token: null,
  });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  return signedIn.body.result.token;
}
