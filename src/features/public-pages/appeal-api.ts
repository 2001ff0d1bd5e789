import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/data/api-client';
import { text } from '@/lib/data/schemas';

const answer = z.object({ message: text });

/** POST /api/appeal ('appeals'): public, so no token is sent even when an admin is signed in here. */
export function useRequestAppeal() {
  return useMutation({
    meta: { quietWithoutMessage: true, logged: false },
    mutationFn: (input: { email: string; reference: string; statement: string }) =>
      api.post('appeal', answer, { json: input, auth: 'none' }),
  });
}

/** POST /api/appeal/confirm: the mailed link's token opens the appeal. */
export function useConfirmAppeal() {
  return useMutation({
    meta: { quietWithoutMessage: true, logged: false },
    mutationFn: (token: string) => api.post('appeal/confirm', answer, { json: { token }, auth: 'none' }),
  });
}
