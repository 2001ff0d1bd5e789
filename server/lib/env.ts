/**
 * Hono's per-request variables, set by requireAdmin: the signed-in admin, their session, their role
 * (contract/roles.ts; null for an admin without one, who may do nothing).
 */
export type AppEnv = {
  Variables: {
    adminId: string;
    sessionId: string;
    adminRole: string | null;
    /** When the admin last proved who they are in this session (ms since the epoch). */
    verifiedAt: number;
  };
};
