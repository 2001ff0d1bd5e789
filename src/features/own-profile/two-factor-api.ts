import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/data/api-client';
import { defineResource } from '@/lib/data/resource';
import { flag, optionalNumber } from '@/lib/data/schemas';
import { sessionsResource } from './sessions-api';

const state = z.object({ enabled: flag, required: flag, recoveryCodesLeft: optionalNumber });
export type TwoFactorState = z.output<typeof state>;

/** 'two-factor': GET /api/admin/two-factor, the signed-in admin's two-factor (on or off, required, codes left). */
export const twoFactorResource = defineResource<TwoFactorState>({
  key: 'own-two-factor',
  item: state,
  endpoints: { single: 'admin/two-factor' },
});

const setUpAnswer = z.object({
  result: z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() }),
});
const codesAnswer = z.object({ result: z.object({ recoveryCodes: z.array(z.string()) }) });

// A change ends the admin's other sessions: their list is read again.
const changed = { invalidates: [twoFactorResource.keys.all, sessionsResource.keys.all] };

/** POST /api/admin/two-factor/setup: a new secret to scan, pending until a code confirms it. */
export function useTwoFactorSetUp() {
  return useMutation({
    mutationFn: async () => (await api.post('admin/two-factor/setup', setUpAnswer)).result,
  });
}

/** POST /api/admin/two-factor/confirm { code }: two-factor on; its recovery codes go to `onCodes`, once. */
export function useConfirmTwoFactor(onCodes: (codes: string[]) => void) {
  return useMutation({
    mutationFn: async ({ code }: { code: string }) =>
      (await api.post('admin/two-factor/confirm', codesAnswer, { json: { code } })).result.recoveryCodes,
    onSuccess: onCodes,
    meta: changed,
  });
}

/** POST /api/admin/two-factor/recovery-codes { code }: ten new codes (the old ones stop working). */
export function useRenewRecoveryCodes(onCodes: (codes: string[]) => void) {
  return useMutation({
    mutationFn: async ({ code }: { code: string }) =>
      (await api.post('admin/two-factor/recovery-codes', codesAnswer, { json: { code } })).result
        .recoveryCodes,
    onSuccess: onCodes,
    meta: changed,
  });
}

/** POST /api/admin/two-factor/disable { password, code }. */
export function useDisableTwoFactor() {
  return useMutation({
    mutationFn: (input: { password: string; code: string }) =>
      api.post('admin/two-factor/disable', z.object({}), { json: input }),
    meta: changed,
  });
}
