import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/data/api-client';
import { defineResource, toFormData } from '@/lib/data/resource';
import { OWN_PROFILE_ENDPOINTS } from './calls';
import { text } from '@/lib/data/schemas';
import { session } from '@/lib/core/session';

const ownProfile = z.object({ email: text, photo: text });
// The reference server ends every other session when the password changes and answers with a fresh token.
const savedProfile = z.object({ email: text, photo: text, token: text });

/** `currentPassword` only where the API announced 'profile-current-password'. */
export type OwnProfileInput = {
  email: string;
  password: string;
  currentPassword?: string;
  file: File | null;
};

/** SPEC 7.2: the signed-in admin's own record (GET /api/user/read). */
export const ownProfileResource = defineResource({
  key: 'own-profile',
  item: ownProfile,
  endpoints: OWN_PROFILE_ENDPOINTS,
});

/** PATCH /api/admin/profile/update (multipart); the new photo, e-mail and token (when given) go into the stored session. */
export function useUpdateOwnProfile() {
  return useMutation({
    // A new password ends the token this call is sent with: calls refused for it meanwhile wait for the fresh one.
    mutationFn: ({ email, password, currentPassword, file }: OwnProfileInput) =>
      session.replacingToken(async () => {
        const { result } = await api.patch('admin/profile/update', z.object({ result: savedProfile }), {
          body: toFormData({ email, password, currentPassword, file }),
          replacesToken: true,
        });
        session.update({
          photo: result.photo,
          email: result.email || email,
          ...(result.token ? { accessToken: result.token } : {}),
        });
        return result;
      }),
    meta: { invalidates: [ownProfileResource.keys.all] },
  });
}
