/**
 * Hono's per-request variables: the signed-in admin, their session and their role (contract/roles.ts; null for an
 * admin without one, who may do nothing), set by requireAdmin.
 */
export type AppEnv = { Variables: { adminId: string; sessionId: string; adminRole: string | null } };
