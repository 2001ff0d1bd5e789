import { endOtherSessions } from '../db/sessions';
import { isUniqueViolation, type Db } from '../db/postgres/db';
import { findAdmin, updateAdminProfile, type UserRow } from '../db/users';
import { activityLog, otherSessions, summarise, type Change } from '../lib/activity';
import { liveSince, type SessionPolicy } from '../lib/auth';
import { badRequest, HttpError, notFound } from '../lib/errors';
import { now } from '../lib/ids';
import type { CheckedFile, FileKeeper } from '../lib/uploads';

export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password';

/**
 * Saves the signed-in admin's own profile (PATCH /api/admin/profile/update), its photo with it, once the route has
 * checked the current password: the e-mail, the password's hash (the one stored, when it stays) and the photo, with
 * the activity entry. A new password ends every other session of the admin (logged); the session `sessionId` goes
 * on. The photo it replaces is read inside the write: another save may have changed it meanwhile.
 */
export async function saveProfile(
  { db, keeper, policy }: { db: Db; keeper: FileKeeper; policy: SessionPolicy },
  change: {
    adminId: string;
    sessionId: string;
    email: string;
    passwordHash: string | null;
    passwordChanged: boolean;
    /** Whether the current password was typed: without it, the e-mail may not change. */
    currentPasswordGiven: boolean;
    photo: CheckedFile | undefined;
  },
): Promise<UserRow> {
  const { adminId, email, passwordChanged } = change;
  const log = activityLog(db);
  return keeper
    .commit(change.photo ? { photo: change.photo } : {}, async (paths, tx) => {
      const before = await findAdmin(tx, adminId, { lock: true });
      if (!before) throw notFound('User');
      // Another save changed the e-mail meanwhile: this one would change it back unchecked.
      if (email !== before.email && !change.currentPasswordGiven)
        throw badRequest(CURRENT_PASSWORD_REQUIRED, 'currentPassword');
      const after = await updateAdminProfile(tx, adminId, {
        email,
        passwordHash: change.passwordHash,
        photo: paths.photo,
        passwordChanged,
        at: now(),
      });
      const changes: Change[] = [{ name: 'email', kind: 'text', before: before.email, after: email }];
      if (paths.photo) changes.push({ name: 'photo', kind: 'file' });
      if (passwordChanged) changes.push({ name: 'password', kind: 'password' });
      await log.record(tx, adminId, {
        action: passwordChanged ? 'password' : 'update',
        recordType: 'admin',
        recordId: adminId,
        recordName: `${before.name} ${before.surname}`.trim(),
        summary: summarise(changes, 'admin'),
      });
      const ended = passwordChanged
        ? await endOtherSessions(tx, adminId, change.sessionId, liveSince(policy), 'password', now())
        : 0;
      if (ended > 0)
        await log.record(tx, adminId, {
          action: 'session-end',
          recordType: 'session',
          recordId: null,
          recordName: '',
          summary: `Password changed: ended ${otherSessions(ended)}`,
        });
      return { result: after, replaced: paths.photo ? [before.photo] : [] };
    })
    .catch((error: unknown) => {
      // Another account took the address between the route's check and this write.
      if (isUniqueViolation(error)) throw new HttpError(409, 'This e-mail address is already in use');
      throw error;
    });
}
