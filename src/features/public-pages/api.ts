import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/data/api-client';
import { defineResource } from '@/lib/data/resource';
import { ack, text } from '@/lib/data/schemas';
import { PUBLIC_TEXT } from './strings';

/** GET /api/childsafetypolicy (SPEC 7.13): a public call, so no token is sent even when an admin is signed in. */
export const childSafetyPolicyResource = defineResource({
  key: 'child-safety-policy',
  item: text,
  endpoints: { single: 'childsafetypolicy' },
  auth: 'none',
  detailAnswer: z.pipe(
    z.object({ result: z.object({ childsafetypolicy: text }) }),
    z.transform((answer) => answer.result.childsafetypolicy),
  ),
  // SPEC 8: an Error notification with the server's message, or this fallback.
  meta: { detail: { errorTitle: 'Error', errorFallback: PUBLIC_TEXT.policyFailed } },
});

/** DELETE /api/user/delete-account/{email} (SPEC 7.2). A thrown network error is only logged. */
export function useRequestAccountDeletion() {
  return useMutation({
    meta: { quietWithoutMessage: true, logged: false },
    mutationFn: (email: string) =>
      api.delete(`user/delete-account/${encodeURIComponent(email)}`, ack, { auth: 'none' }),
  });
}
