import { browserName } from '../../contract/sessions';
import { FEATURES } from '../../contract/features';
import type { Db } from '../db/postgres/db';
import { noteSignIn } from '../db/admins';
import type { UserRow } from '../db/users';
import { activityLog } from './activity';
import { issueToken, startSession, type SessionPolicy } from './auth';

/** The admin's fields a sign-in answers (SPEC 7.1) and GET /api/user/read reads. */
export const adminSafe = (row: UserRow) => ({
  _id: row.id,
  name: row.name,
  surname: row.surname,
  email: row.email,
  photo: row.photo ?? '',
});

/**
 * The end of every successful sign-in, with the password alone or after its second step: a session, its 'sign-in'
 * entry, and SPEC's answer with a token of that session and the extensions offered. `within` runs in the same
 * transaction, once the session exists (a challenge used up, a code taken, two-factor enabled): if it throws, no
 * session starts.
 */
export function signIns(db: Db, { jwtSecret, policy }: { jwtSecret: string; policy: SessionPolicy }) {
  const log = activityLog(db);
  return async function complete<T = undefined>(
    admin: UserRow,
    client: { ip: string; userAgent: string },
    within?: (tx: Db, sessionId: string) => Promise<T>,
  ) {
    // The token expires TOKEN_TTL after the session's own start, as every later token of the session does.
    const at = new Date();
    const { sessionId, extra } = await db.transaction(async (tx) => {
      const id = await startSession(tx, policy, { adminId: admin.id, ...client, at });
      await noteSignIn(tx, admin.id, at.toISOString());
      await log.record(tx, admin.id, {
        action: 'sign-in',
        recordType: 'session',
        recordId: id,
        recordName: browserName(client.userAgent),
        summary: `Signed in from ${client.ip}`,
      });
      return { sessionId: id, extra: within ? await within(tx, id) : undefined };
    });
    const token = await issueToken(
      { id: admin.id, tokenVersion: admin.token_version, sessionId },
      jwtSecret,
      policy.tokenTtlSeconds,
      at.getTime(),
    );
    return {
      extra: extra as T,
      body: {
        success: true,
        message: 'Login successful',
        result: { token, ...adminSafe(admin), role: admin.admin_role, features: FEATURES },
      },
    };
  };
}

export type CompleteSignIn = ReturnType<typeof signIns>;
