import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/data/api-client';
import { featureNamesIn, session } from '@/lib/core/session';
import { id, text } from '@/lib/data/schemas';

const loginResponse = z.object({
  message: text,
  result: z.object({
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
  }),
});

export type Credentials = { email: string; password: string };

/** POST /api/login as an admin; the answer becomes the stored session (SPEC 3, 7.1), with the API's extensions. */
export function useSignIn() {
  return useMutation({
    meta: { quietWithoutMessage: true, logged: false },
    mutationFn: async ({ email, password }: Credentials) => {
      const { result } = await api.post('login', loginResponse, {
        json: { email, password, isRole: 'admin' },
        auth: 'none',
      });
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
    },
  });
}
