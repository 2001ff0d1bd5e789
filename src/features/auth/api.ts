import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/data/api-client';
import { featureNamesIn, session } from '@/lib/core/session';
import { id, text } from '@/lib/data/schemas';

const signedIn = z.object({
  token: z.string().check(z.minLength(1)),
  name: text,
  surname: text,
  _id: id,
  email: text,
  photo: text,
  /** The extensions the API offers (DECISIONS): read by featureNamesIn, absent from SPEC's API. */
  features: z.optional(z.unknown()),
  /** The admin's role, with 'roles' announced; kept only then. */
  role: z.optional(z.unknown()),
});
export type SignedIn = z.output<typeof signedIn>;

/** 'two-factor': a right password answers the step that comes next instead of a token. */
const challenge = z.object({
  twoFactor: z.enum(['code', 'enrol']),
  challenge: z.string().check(z.minLength(1)),
  features: z.optional(z.unknown()),
});
export type TwoFactorChallenge = { step: 'code' | 'enrol'; id: string };

const loginResponse = z.object({ message: text, result: z.union([signedIn, challenge]) });

export type Credentials = { email: string; password: string };

/** The answer of a sign-in becomes the stored session (SPEC 3, 7.1), with the API's extensions. */
export function startSession(result: SignedIn) {
  const features = featureNamesIn(result.features);
  session.start({
    accessToken: result.token,
    name: result.name,
    userLastName: result.surname,
    userId: result._id,
    email: result.email,
    photo: result.photo,
    features,
    role: features.includes('roles') && typeof result.role === 'string' ? result.role : null,
  });
}

/**
 * POST /api/login as an admin. Signed in, the session is stored; with two-factor ('two-factor') the answer is the
 * challenge of the step that comes next.
 */
export function useSignIn() {
  return useMutation({
    meta: { quietWithoutMessage: true, logged: false },
    mutationFn: async ({ email, password }: Credentials): Promise<TwoFactorChallenge | null> => {
      const { result } = await api.post('login', loginResponse, {
        json: { email, password, isRole: 'admin' },
        auth: 'none',
      });
      if ('twoFactor' in result) return { step: result.twoFactor, id: result.challenge };
      startSession(result);
      return null;
    },
  });
}

const setUp = z.object({ result: z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() }) });

/** POST /api/login/two-factor/setup: the set-up two-factor requires before this sign-in goes on. */
export function useSignInSetUp() {
  return useMutation({
    // Part of sign-in: a failure without the server's words is only logged (SPEC 8).
    meta: { quietWithoutMessage: true, logged: false },
    mutationFn: async (challengeId: string) =>
      (await api.post('login/two-factor/setup', setUp, { json: { challenge: challengeId }, auth: 'none' }))
        .result,
  });
}

/** After a set-up's first code: the recovery codes, and the challenge that starts the session once they are saved. */
const codesStep = z.object({
  twoFactor: z.literal('codes'),
  challenge: z.string().check(z.minLength(1)),
  recoveryCodes: z.array(z.string()),
});
export type CodesStep = z.output<typeof codesStep>;

/**
 * POST /api/login/two-factor: the code (or a recovery code) that completes the sign-in, with SPEC's sign-in answer
 * (the caller stores the session); or, when the code confirmed a set-up, the recovery codes (CodesStep).
 */
export function useSignInCode() {
  return useMutation({
    meta: { quietWithoutMessage: true, logged: false },
    mutationFn: async ({ challengeId, code }: { challengeId: string; code: string }) =>
      (
        await api.post('login/two-factor', z.object({ result: z.union([codesStep, signedIn]) }), {
          json: { challenge: challengeId, code },
          auth: 'none',
        })
      ).result,
  });
}

/** POST /api/login/two-factor/acknowledge: the recovery codes are saved, and the session starts (SPEC's answer). */
export function useAcknowledgeCodes() {
  return useMutation({
    meta: { quietWithoutMessage: true, logged: false },
    mutationFn: async (challengeId: string) =>
      (
        await api.post('login/two-factor/acknowledge', z.object({ result: signedIn }), {
          json: { challenge: challengeId },
          auth: 'none',
        })
      ).result,
  });
}
