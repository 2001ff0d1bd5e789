import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { ADMIN_MESSAGES, INVITATION_TOKEN } from '../../contract/admins';
import { TEXT_MAX } from '../../contract/limits';
import { FEATURES } from '../../contract/features';
import { isRole, ROLE_LABELS, ROLES, type Role } from '../../contract/roles';
import {
  endAllSessions,
  findAdminRow,
  findInvitation,
  pageOfAdmins,
  useInvitation,
  type AdminRow,
  type InvitationRow,
} from '../db/admins';
import type { Db } from '../db/postgres/db';
import { twoFactorRequired } from '../db/two-factor';
import { activityLog } from '../lib/activity';
import { liveSince, requireRecentProof, type SessionPolicy } from '../lib/auth';
import { jsonBody, jsonLimit, noBodyLimit, signInLimit } from '../lib/body';
import type { AppEnv } from '../lib/env';
import { HttpError, notFound } from '../lib/errors';
import { now, parseId } from '../lib/ids';
import type { MailQueue } from '../lib/mail-queue';
import { pageBody, paging } from '../lib/paging';
import { adminPasswordRefusal, hashPassword } from '../lib/passwords';
import { clientAddress, StoredRateLimiter } from '../lib/rate-limit';
import { containsPattern } from '../lib/search';
import { bool, fields, searchText, secret, text } from '../lib/validate';
import {
  changeAdminRole,
  changeAdminStatus,
  fullName,
  invitationTokenHash,
  inviteAdmin,
  resetAdminTwoFactor,
} from '../services/admins';

/** An admin as the Admins list answers it. */
function adminAnswer(row: AdminRow) {
  return {
    _id: row.id,
    name: fullName(row),
    email: row.email,
    role: row.admin_role,
    status: row.admin_status,
    lastSignInAt: row.last_sign_in_at,
    invitedAt: row.invited_at,
    invitedBy:
      row.invited_by === null
        ? null
        : {
            _id: row.invited_by,
            name: fullName({ name: row.inviter_name ?? '', surname: row.inviter_surname ?? '' }),
          },
    createdAt: row.created_at,
    twoFactor: row.two_factor,
  };
}

const roleField = (label: string) =>
  z.unknown().transform((value, ctx): Role => {
    if (isRole(value)) return value;
    ctx.addIssue({
      code: 'custom',
      message:
        value === undefined || value === null || value === ''
          ? `${label} is required`
          : `${label} must be one of ${ROLES.map((role) => ROLE_LABELS[role]).join(', ')}`,
    });
    return z.NEVER;
  });

type Deps = { db: Db; queue: MailQueue; publicUrl: string; policy: SessionPolicy };

/**
 * Admin accounts ('admins'): the Admins list, invitations (a one-time link by the durable mail queue), an admin's
 * role and status, and ending their sessions. Every route needs 'admins.manage' (an Owner's); each write is logged.
 * The server never leaves the console without an active Owner.
 */
export function registerAdminRoutes(app: Hono<AppEnv>, { db, queue, publicUrl, policy }: Deps) {
  const log = activityLog(db);

  const listQuery = z.object({ q: searchText });
  app.get('/api/admin/admins', async (c) => {
    const query = c.req.query();
    const { page, size, offset } = paging(query);
    const { q } = listQuery.parse(query);
    const { rows, count } = await pageOfAdmins(db, q ? containsPattern(q) : undefined, {
      offset,
      limit: size,
    });
    return c.json(pageBody(rows.map(adminAnswer), count, page, size));
  });

  const inviteBody = fields({
    name: text('Name', { required: true, max: TEXT_MAX.invite.name }),
    email: text('E-mail', { required: true, max: TEXT_MAX.invite.email, email: true }).transform((value) =>
      value.toLowerCase(),
    ),
    role: roleField('Role'),
  });

  // Inviting an address of an admin still invited invites them again: the old link stops working.
  app.post('/api/admin/admins/invite', jsonLimit, async (c) => {
    const { name, email, role } = inviteBody.parse(await jsonBody(c));
    const row = await inviteAdmin(
      { db, queue, publicUrl },
      { inviterId: c.get('adminId'), name, email, role },
    );
    return c.json({
      success: true,
      message: `Invitation sent to ${email}`,
      result: adminAnswer(row),
    });
  });

  const roleBody = fields({ role: roleField('Role') });
  app.patch('/api/admin/admins/:id/role', jsonLimit, async (c) => {
    const id = parseId(c.req.param('id'));
    const { role } = roleBody.parse(await jsonBody(c));
    requireRecentProof(c);
    const changed = await changeAdminRole({ db }, { id, role, callerId: c.get('adminId') });
    return c.json({
      success: true,
      message: `${fullName(changed)} is now ${ROLE_LABELS[role]}`,
      result: adminAnswer(changed),
    });
  });

  const statusBody = fields({ enabled: bool('Enabled', { required: true }) });
  app.patch('/api/admin/admins/:id/status', jsonLimit, async (c) => {
    const id = parseId(c.req.param('id'));
    const { enabled } = statusBody.parse(await jsonBody(c));
    if (!enabled) requireRecentProof(c);
    const changed = await changeAdminStatus(
      { db, policy },
      { id, enabled: enabled as boolean, callerId: c.get('adminId') },
    );
    return c.json({
      success: true,
      message: `${fullName(changed)} is ${enabled ? 'enabled' : 'disabled'}`,
      result: adminAnswer(changed),
    });
  });

  // Ends every live session of the admin, the caller's own included when it is theirs. Logged even when there was
  // none: the Owner's act is on record.
  app.post('/api/admin/admins/:id/sessions/end', noBodyLimit, async (c) => {
    const id = parseId(c.req.param('id'));
    const ended = await db.transaction(async (tx) => {
      const admin = await findAdminRow(tx, id);
      if (!admin) throw notFound('Admin');
      const n = await endAllSessions(tx, id, liveSince(policy), now());
      await log.record(tx, c.get('adminId'), {
        action: 'session-end',
        recordType: 'admin',
        recordId: id,
        recordName: fullName(admin),
        summary: `Ended ${n} session${n === 1 ? '' : 's'} of ${admin.email}`,
      });
      return n;
    });
    return c.json({
      success: true,
      message: ended === 1 ? '1 session ended' : `${ended} sessions ended`,
      result: { ended },
    });
  });

  // An admin who lost their authenticator: their secret and recovery codes go, and so do their sessions, so that they
  // sign in again (and set it up again where it is required). One's own is changed on the profile, with a code.
  app.post('/api/admin/admins/:id/two-factor/reset', noBodyLimit, async (c) => {
    const id = parseId(c.req.param('id'));
    const callerId = c.get('adminId');
    if (id === callerId) throw new HttpError(409, ADMIN_MESSAGES.ownTwoFactor);
    requireRecentProof(c);
    const admin = await resetAdminTwoFactor({ db, policy }, { id, callerId });
    return c.json({
      success: true,
      message: `Two-factor sign-in of ${fullName(admin)} is reset`,
      result: adminAnswer(admin),
    });
  });
}

/**
 * The invitation's public calls ('admins'): what a link opens (who is invited), and accepting it with a password.
 * Rate-limited per address, in the database like the deletion links'.
 */
export function registerInvitationRoutes(
  app: Hono<AppEnv>,
  { db, trustProxy }: { db: Db; trustProxy: boolean },
) {
  const log = activityLog(db);
  const attempts = new StoredRateLimiter(db, 'invitation', 30, 15 * 60 * 1000);
  const limited = async (c: Context<AppEnv>) => {
    const wait = await attempts.hit(clientAddress(c, trustProxy));
    if (wait)
      throw new HttpError(429, 'Too many requests. Try again later.', {}, { 'Retry-After': String(wait) });
  };

  /** The invitation a token opens, or the refusal that says why it opens none. */
  function check(invitation: InvitationRow | undefined): InvitationRow {
    if (!invitation) throw new HttpError(404, ADMIN_MESSAGES.invitationUnknown);
    if (invitation.ended_reason === 'used') throw new HttpError(410, ADMIN_MESSAGES.invitationUsed);
    if (invitation.ended_reason === 'replaced') throw new HttpError(410, ADMIN_MESSAGES.invitationReplaced);
    if (Date.parse(invitation.expires_at) <= Date.now())
      throw new HttpError(410, ADMIN_MESSAGES.invitationExpired);
    return invitation;
  }
  const lookUp = async (tx: Db, token: string, lock = false) =>
    check(
      INVITATION_TOKEN.test(token)
        ? await findInvitation(tx, invitationTokenHash(token), { lock })
        : undefined,
    );

  app.get('/api/invitation/:token', noBodyLimit, async (c) => {
    await limited(c);
    const invitation = await lookUp(db, c.req.param('token'));
    const admin = (await findAdminRow(db, invitation.admin_id))!;
    return c.json({
      success: true,
      message: 'Success',
      result: {
        name: fullName(admin),
        email: admin.email,
        role: admin.admin_role,
        expiresAt: invitation.expires_at,
        // So that the invitee's sign-in can say that setting two-factor up comes next.
        twoFactorRequired: await twoFactorRequired(db),
        // The page has no sign-in to name the extensions: 'admin-password-rule' states the rule above the field.
        features: FEATURES,
      },
    });
  });

  const acceptBody = fields({
    token: text('Token', { required: true, max: 100 }),
    password: secret('Password', { max: TEXT_MAX.invitation.password }),
  });
  app.post('/api/invitation/accept', signInLimit, async (c) => {
    await limited(c);
    const { token, password } = acceptBody.parse(await jsonBody(c));
    const weak = await adminPasswordRefusal(password);
    if (weak) throw new HttpError(400, weak, { field: 'password' });
    await lookUp(db, token);
    const hash = await hashPassword(password);
    const admin = await db.transaction(async (tx) => {
      // Checked again under its lock: two tabs accepting at once use it once.
      const invitation = await lookUp(tx, token, true);
      await useInvitation(tx, invitation, hash, now());
      const row = (await findAdminRow(tx, invitation.admin_id))!;
      await log.record(tx, row.id, {
        action: 'activate',
        recordType: 'admin',
        recordId: row.id,
        recordName: fullName(row),
        summary: 'Accepted the invitation and set a password',
      });
      return row;
    });
    return c.json({
      success: true,
      message: 'Your password is set. Sign in with your e-mail and the new password.',
      result: { email: admin.email },
    });
  });
}
