import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ADMIN_STATUSES } from '@contract/admins';
import { ROLES, type Role } from '@contract/roles';
import { api } from '@/lib/data/api-client';
import { defineResource, type PageRequest } from '@/lib/data/resource';
import { flag, id, optionalDate, text } from '@/lib/data/schemas';

const admin = z.object({
  _id: id,
  name: text,
  email: text,
  role: z.nullable(z.enum(ROLES)),
  status: z.enum(ADMIN_STATUSES),
  /** Whether their two-factor sign-in is on ('two-factor'). */
  twoFactor: flag,
  lastSignInAt: optionalDate,
  invitedAt: optionalDate,
  invitedBy: z.nullish(z.object({ _id: id, name: text })),
});
export type AdminAccount = z.output<typeof admin>;

export type AdminsRequest = PageRequest & { search: string };

/** 'admins': GET /api/admin/admins?page&limit&q, the admins in the order they were created. */
export const adminsResource = defineResource<AdminAccount, never, AdminsRequest>({
  key: 'admins',
  item: admin,
  endpoints: { page: 'admin/admins' },
  pageParams: ({ page, size, search }) => ({ page, limit: size, ...(search ? { q: search } : {}) }),
});

const changed = z.object({ message: text, result: admin });
const invalidates = { invalidates: [adminsResource.keys.all] };

export type Invitation = { name: string; email: string; role: Role };

/** POST /api/admin/admins/invite. */
export function useInviteAdmin() {
  return useMutation({
    mutationFn: (invitation: Invitation) => api.post('admin/admins/invite', changed, { json: invitation }),
    meta: invalidates,
  });
}

/** PATCH /api/admin/admins/{id}/role. */
export function useChangeRole() {
  return useMutation({
    mutationFn: ({ adminId, role }: { adminId: string; role: Role }) =>
      api.patch(`admin/admins/${encodeURIComponent(adminId)}/role`, changed, { json: { role } }),
    meta: invalidates,
  });
}

/** PATCH /api/admin/admins/{id}/status: disables (ending every session) or enables an admin. */
export function useSetAdminStatus() {
  return useMutation({
    mutationFn: ({ adminId, enabled }: { adminId: string; enabled: boolean }) =>
      api.patch(`admin/admins/${encodeURIComponent(adminId)}/status`, changed, { json: { enabled } }),
    meta: invalidates,
  });
}

/** POST /api/admin/admins/{id}/two-factor/reset: another admin's secret and recovery codes gone, their sessions ended. */
export function useResetTwoFactor() {
  return useMutation({
    mutationFn: (adminId: string) =>
      api.post(`admin/admins/${encodeURIComponent(adminId)}/two-factor/reset`, changed),
    meta: invalidates,
  });
}

/** POST /api/admin/admins/{id}/sessions/end. */
export function useEndAdminSessions() {
  return useMutation({
    mutationFn: (adminId: string) =>
      api.post(`admin/admins/${encodeURIComponent(adminId)}/sessions/end`, z.object({ message: text })),
    meta: invalidates,
  });
}

const security = z.object({ twoFactorRequired: flag });
export type SecuritySettings = z.output<typeof security>;

/** 'two-factor': GET /api/admin/security, whether every admin must use two-factor sign-in. */
export const securityResource = defineResource<SecuritySettings>({
  key: 'security',
  item: security,
  endpoints: { single: 'admin/security' },
});

/** PATCH /api/admin/security { twoFactorRequired }. */
export function useSetTwoFactorRequired() {
  return useMutation({
    mutationFn: (twoFactorRequired: boolean) =>
      api.patch('admin/security', z.object({ message: text, result: security }), {
        json: { twoFactorRequired },
      }),
    meta: { invalidates: [securityResource.keys.all] },
  });
}
