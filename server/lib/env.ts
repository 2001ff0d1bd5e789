/** Hono's per-request variables: the signed-in admin, set by requireAdmin. */
export type AppEnv = { Variables: { adminId: string } };
