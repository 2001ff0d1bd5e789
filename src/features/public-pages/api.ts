import { queryOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { ack, text } from '@/lib/schemas';
import { PUBLIC_TEXT } from './strings';

const policyResponse = z.object({ result: z.object({ childsafetypolicy: text }) });

/** Public calls: no token is sent, even when an admin is signed in on this browser. */
export const publicQueries = {
  all: () => ['public'] as const,
  childSafetyPolicy: () =>
    queryOptions({
      queryKey: [...publicQueries.all(), 'child-safety-policy'] as const,
      queryFn: async ({ signal }) =>
        (await api.get('childsafetypolicy', policyResponse, { auth: 'none', signal })).result
          .childsafetypolicy,
      // SPEC 8: an Error notification with the server's message, or this fallback.
      meta: { errorTitle: 'Error', errorFallback: PUBLIC_TEXT.policyFailed },
    }),
};

/** DELETE /api/user/delete-account/{email} (SPEC 7.2). A thrown network error is only logged. */
export function useRequestAccountDeletion() {
  return useMutation({
    mutationFn: (email: string) =>
      api.delete(`user/delete-account/${encodeURIComponent(email)}`, ack, { auth: 'none' }),
  });
}
