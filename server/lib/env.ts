/** Hono's per-request variables: the signed-in admin and their session, set by requireAdmin. */
export type AppEnv = {
  Variables: {
    adminId: string;
    sessionId: string;
    /** When the admin last proved who they are in this session (ms since the epoch). */
    verifiedAt: number;
  };
};
