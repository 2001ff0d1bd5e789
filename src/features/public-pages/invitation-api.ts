import { queryOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ROLES } from '@contract/roles';
import { api } from '@/lib/data/api-client';
import { text } from '@/lib/data/schemas';

const invitation = z.object({
  result: z.object({
    name: text,
    email: text,
    role: z.nullable(z.enum(ROLES)),
    /** Whether the invitee sets up two-factor at their first sign-in. */
    twoFactorRequired: z.optional(z.boolean()),
    /** The extensions the server offers (this page has no sign-in to name them): 'admin-password-rule'. */
    features: z.optional(z.array(z.string())),
  }),
});
export type Invitation = z.output<typeof invitation>['result'];

/**
 * GET /api/invitation/{token}: public, so no token is sent even when an admin is signed in here. A link unknown,
 * used or expired is the page's error state, in the server's words.
 */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) =>
      api
        .get(`invitation/${encodeURIComponent(token)}`, invitation, { auth: 'none', signal })
        .then((answer) => answer.result),
    meta: { notifyError: false },
  });

/** POST /api/invitation/accept. */
export function useAcceptInvitation() {
  return useMutation({
    meta: { quietWithoutMessage: true, logged: false },
    mutationFn: (input: { token: string; password: string }) =>
      api.post('invitation/accept', z.object({ message: text }), { json: input, auth: 'none' }),
  });
}
