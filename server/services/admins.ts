import { createHash, randomBytes } from 'node:crypto';
import {
  ADMIN_MESSAGES,
  ADMIN_STATUS_LABELS,
  INVITATION_HOURS,
  invitationLink,
  invitationMail,
} from '../../contract/admins';
import { isRole, ROLE_LABELS, type Role } from '../../contract/roles';
import {
  endAllSessions,
  findAdminRow,
  insertInvitation,
  insertInvitedAdmin,
  lockActiveOwners,
  replaceInvitations,
  setAdminRole,
  setAdminStatus,
  updateInvitedAdmin,
  type AdminRow,
} from '../db/admins';
import { isUniqueViolation, type Db } from '../db/postgres/db';
import { disableTwoFactor } from '../db/two-factor';
import { findUserByEmail } from '../db/users';
import { activityLog } from '../lib/activity';
import { liveSince, type SessionPolicy } from '../lib/auth';
import { HttpError, notFound } from '../lib/errors';
import { newId, now } from '../lib/ids';
import type { MailQueue } from '../lib/mail-queue';

/**
 * Admin accounts ('admins'): invitations (a one-time link by the durable mail queue), an admin's role and status, and
 * a reset of their two-factor. The console is never left without an active Owner.
 */

export const fullName = (row: { name: string; surname: string }) => `${row.name} ${row.surname}`.trim();

export const invitationTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const emailInUse = () => new HttpError(409, ADMIN_MESSAGES.emailInUse, { field: 'email' });

/**
 * Invites `email` as an admin of `role`: a new invited admin, or (an address of an admin still invited) the same one
 * invited again, whose old link stops working; the invitation, its mail and the activity entry go together. Refused
 * (409) for an address someone else has. Answers the invited admin.
 */
export async function inviteAdmin(
  { db, queue, publicUrl }: { db: Db; queue: MailQueue; publicUrl: string },
  { inviterId, name, email, role }: { inviterId: string; name: string; email: string; role: Role },
): Promise<AdminRow> {
  const log = activityLog(db);
  const existing = await findUserByEmail(db, email);
  if (existing && (existing.role !== 'admin' || existing.admin_status !== 'invited')) throw emailInUse();
  const inviter = (await findAdminRow(db, inviterId))!;
  const token = randomBytes(32).toString('base64url');
  const created = new Date();
  const at = created.toISOString();
  const adminId = existing?.id ?? newId(created);
  const mail = invitationMail(name, fullName(inviter), ROLE_LABELS[role], invitationLink(publicUrl, token));
  try {
    const admit = async (tx: Db) => {
      if (existing) {
        const locked = await findAdminRow(tx, adminId, { lock: true });
        if (locked?.admin_status !== 'invited') throw emailInUse();
        await replaceInvitations(tx, adminId, at);
        await updateInvitedAdmin(tx, { id: adminId, name, role, invitedBy: inviterId, at });
      } else await insertInvitedAdmin(tx, { id: adminId, name, email, role, invitedBy: inviterId, at });
    };
    const record = async (tx: Db, mailId: string) => {
      await insertInvitation(tx, {
        tokenHash: invitationTokenHash(token),
        adminId,
        invitedBy: inviterId,
        createdAt: at,
        expiresAt: new Date(created.getTime() + INVITATION_HOURS * 3600_000).toISOString(),
        mailId,
      });
      await log.record(tx, inviterId, {
        action: 'create',
        recordType: 'admin',
        recordId: adminId,
        recordName: name,
        summary: `${existing ? 'Invited again' : 'Invited'} ${email} as ${ROLE_LABELS[role]}`,
      });
    };
    await queue.store({ ...mail, recipients: [adminId], kind: 'invitation' }, record, admit);
  } catch (error) {
    // Another invitation or sign-up took the address meanwhile.
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
  return (await findAdminRow(db, adminId))!;
}

/** The admin `id`, locked for a change, and the active Owners (locked first). */
async function lockForChange(tx: Db, id: string) {
  const owners = await lockActiveOwners(tx);
  const admin = await findAdminRow(tx, id, { lock: true });
  if (!admin) throw notFound('Admin');
  return { admin, owners };
}
const lastOwner = () => new HttpError(409, ADMIN_MESSAGES.lastOwner);
const wouldLeaveNoOwner = (admin: AdminRow, owners: string[]) =>
  owners.length === 1 && owners[0] === admin.id;

/** The admin `id` given `role` by `callerId`; refused (409) when it would leave no active Owner. */
export async function changeAdminRole(
  { db }: { db: Db },
  { id, role, callerId }: { id: string; role: Role; callerId: string },
): Promise<AdminRow> {
  const log = activityLog(db);
  return db.transaction(async (tx) => {
    const { admin, owners } = await lockForChange(tx, id);
    if (admin.admin_role === role) return admin;
    if (role !== 'owner' && wouldLeaveNoOwner(admin, owners)) throw lastOwner();
    await setAdminRole(tx, id, role, now());
    await log.record(tx, callerId, {
      action: 'role',
      recordType: 'admin',
      recordId: id,
      recordName: fullName(admin),
      summary: `Role: ${isRole(admin.admin_role) ? ROLE_LABELS[admin.admin_role] : 'none'} → ${ROLE_LABELS[role]}`,
    });
    return { ...admin, admin_role: role };
  });
}

/**
 * The admin `id` enabled or disabled by `callerId`; disabling ends every live session of theirs. Refused (409) for an
 * admin still invited, for the caller's own account and when it would leave no active Owner.
 */
export async function changeAdminStatus(
  { db, policy }: { db: Db; policy: SessionPolicy },
  { id, enabled, callerId }: { id: string; enabled: boolean; callerId: string },
): Promise<AdminRow> {
  const log = activityLog(db);
  return db.transaction(async (tx) => {
    const { admin, owners } = await lockForChange(tx, id);
    if (admin.admin_status === 'invited')
      throw new HttpError(409, 'This admin has not accepted the invitation yet');
    const status = enabled ? 'active' : 'disabled';
    if (admin.admin_status === status) return admin;
    if (!enabled && id === callerId) throw new HttpError(409, ADMIN_MESSAGES.notYourself);
    if (!enabled && wouldLeaveNoOwner(admin, owners)) throw lastOwner();
    const at = now();
    await setAdminStatus(tx, id, status, at);
    const ended = enabled ? 0 : await endAllSessions(tx, id, liveSince(policy), at);
    await log.record(tx, callerId, {
      action: enabled ? 'activate' : 'deactivate',
      recordType: 'admin',
      recordId: id,
      recordName: fullName(admin),
      summary: `Status: ${ADMIN_STATUS_LABELS[admin.admin_status]} → ${ADMIN_STATUS_LABELS[status]}${
        ended ? `; ended ${ended} session${ended === 1 ? '' : 's'}` : ''
      }`,
    });
    return { ...admin, admin_status: status } satisfies AdminRow;
  });
}

/**
 * Another admin's two-factor reset (they lost their authenticator): their secret and recovery codes go, and so do
 * their sessions, so that they sign in again. Refused (409) when they have none.
 */
export async function resetAdminTwoFactor(
  { db, policy }: { db: Db; policy: SessionPolicy },
  { id, callerId }: { id: string; callerId: string },
): Promise<AdminRow> {
  const log = activityLog(db);
  return db.transaction(async (tx) => {
    const admin = await findAdminRow(tx, id, { lock: true });
    if (!admin) throw notFound('Admin');
    if (!admin.two_factor) throw new HttpError(409, ADMIN_MESSAGES.noTwoFactor);
    const at = now();
    await disableTwoFactor(tx, id);
    const ended = await endAllSessions(tx, id, liveSince(policy), at);
    await log.record(tx, callerId, {
      action: 'two-factor',
      recordType: 'admin',
      recordId: id,
      recordName: fullName(admin),
      summary: `Two-factor reset for ${admin.email}${ended ? `; ended ${ended} session${ended === 1 ? '' : 's'}` : ''}`,
    });
    return { ...admin, two_factor: false } satisfies AdminRow;
  });
}
