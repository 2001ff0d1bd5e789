import { http } from 'msw';
import { ADMIN_MESSAGES, ADMIN_STATUS_LABELS, INVITATION_HOURS, INVITATION_TOKEN } from '@contract/admins';
import { PASSWORD_MIN, TEXT_MAX } from '@contract/limits';
import { isRole, ROLE_LABELS, ROLES, type Role } from '@contract/roles';
import { recordActivity } from '../activity';
import { db, type MockAdminAccount, type MockInvitation } from '../db';
import { apiPath, fail, ok, refuseWithoutAdmin } from '../http';
import {
  adminPassword,
  bool,
  id,
  inField,
  jsonBody,
  paginate,
  password,
  Refusal,
  refusing,
  requiredText,
  search,
} from '../rules';
import { mockFeatures, offers } from '../scenario';
import { proofRefusal } from './step-up';

/**
 * Admin accounts ('admins') as the reference server answers them (server/routes/admins.ts): the signed-in admin
 * (db.admin) first, then db.admins; invitations by their token (the mock keeps it; it mails nothing).
 */

const extensionMissing = () => fail(404, 'No such API route');
const SELF_CREATED = '2026-01-01T09:00:00.000Z';

const selfName = () => `${db.admin.name} ${db.admin.surname}`.trim();

/** The signed-in admin as an account of the list. */
function self(): MockAdminAccount {
  return {
    _id: db.admin._id,
    name: selfName(),
    email: db.admin.email,
    role: db.admin.role,
    status: 'active',
    lastSignInAt:
      db.sessions
        .map((session) => session.createdAt)
        .sort()
        .at(-1) ?? null,
    invitedAt: null,
    invitedBy: null,
    createdAt: SELF_CREATED,
    sessions: db.sessions.length,
    twoFactor: db.twoFactor.secret !== null,
  };
}

const everyone = () => [self(), ...db.admins];

const answer = ({ sessions: _sessions, ...account }: MockAdminAccount) => account;

function roleOf(value: unknown): Role {
  if (isRole(value)) return value;
  throw new Refusal(
    400,
    value === undefined || value === null || value === ''
      ? 'Role is required'
      : `Role must be one of ${ROLES.map((role) => ROLE_LABELS[role]).join(', ')}`,
    'role',
  );
}

function accountOf(idParam: unknown): MockAdminAccount {
  const wanted = id(idParam);
  const found = everyone().find((account) => account._id === wanted);
  if (!found) throw new Refusal(404, 'Admin not found');
  return found;
}

/** Writes an account's change: the signed-in admin's role lives in db.admin, the others' in db.admins. */
function save(account: MockAdminAccount) {
  if (account._id === db.admin._id) db.admin.role = account.role;
  else db.admins = db.admins.map((other) => (other._id === account._id ? account : other));
}

const activeOwners = () =>
  everyone().filter((account) => account.role === 'owner' && account.status === 'active');
const isLastOwner = (account: MockAdminAccount) => {
  const owners = activeOwners();
  return owners.length === 1 && owners[0]!._id === account._id;
};

function newToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The invitation a token opens, or the server's refusal of it. */
function openInvitation(token: string): MockInvitation {
  const invitation = INVITATION_TOKEN.test(token)
    ? db.invitations.find((candidate) => candidate.token === token)
    : undefined;
  if (!invitation) throw new Refusal(404, ADMIN_MESSAGES.invitationUnknown);
  if (invitation.state === 'used') throw new Refusal(410, ADMIN_MESSAGES.invitationUsed);
  if (invitation.state === 'replaced') throw new Refusal(410, ADMIN_MESSAGES.invitationReplaced);
  if (Date.parse(invitation.expiresAt) <= Date.now())
    throw new Refusal(410, ADMIN_MESSAGES.invitationExpired);
  return invitation;
}

export const adminHandlers = [
  http.get(
    apiPath('admin/admins'),
    refusing(({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('admins')) return extensionMissing();
      const url = new URL(request.url);
      const q = search(url.searchParams.get('q'))?.toLowerCase();
      const rows = everyone().filter(
        (account) => !q || account.name.toLowerCase().includes(q) || account.email.toLowerCase().includes(q),
      );
      const { result, pagination } = paginate(rows, url);
      return ok({ result: result.map(answer), pagination });
    }),
  ),

  http.post(
    apiPath('admin/admins/invite'),
    refusing(async ({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('admins')) return extensionMissing();
      const body = await jsonBody(request);
      const name = inField('name', () => requiredText('Name', body.name, { max: TEXT_MAX.invite.name }));
      const email = inField('email', () =>
        requiredText('E-mail', body.email, { max: TEXT_MAX.invite.email, email: true }),
      ).toLowerCase();
      const role = roleOf(body.role);
      const taken =
        db.users.some((user) => user.email.toLowerCase() === email) ||
        everyone().some((account) => account.email === email && account.status !== 'invited');
      if (taken) throw new Refusal(409, ADMIN_MESSAGES.emailInUse, 'email');
      const at = new Date();
      const existing = db.admins.find((account) => account.email === email);
      const invitedBy = { _id: db.admin._id, name: selfName() };
      const account: MockAdminAccount = existing
        ? { ...existing, name, role, invitedBy, invitedAt: at.toISOString() }
        : {
            _id: crypto.randomUUID().replace(/-/g, '').slice(0, 24),
            name,
            email,
            role,
            status: 'invited',
            lastSignInAt: null,
            invitedAt: at.toISOString(),
            invitedBy,
            createdAt: at.toISOString(),
            sessions: 0,
            twoFactor: false,
          };
      if (existing) {
        save(account);
        for (const invitation of db.invitations)
          if (invitation.adminId === account._id && invitation.state === 'open')
            invitation.state = 'replaced';
      } else db.admins.push(account);
      db.invitations.push({
        token: newToken(),
        adminId: account._id,
        expiresAt: new Date(at.getTime() + INVITATION_HOURS * 3600_000).toISOString(),
        state: 'open',
      });
      recordActivity({
        action: 'create',
        recordType: 'admin',
        recordId: account._id,
        recordName: name,
        summary: `${existing ? 'Invited again' : 'Invited'} ${email} as ${ROLE_LABELS[role]}`,
      });
      return ok({ message: `Invitation sent to ${email}`, result: answer(account) });
    }),
  ),

  http.patch(
    apiPath('admin/admins/:id/role'),
    refusing(async ({ request, params }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('admins')) return extensionMissing();
      const wanted = id(params.id);
      const role = roleOf((await jsonBody(request)).role);
      const unproven = proofRefusal(request);
      if (unproven) return unproven;
      const account = accountOf(wanted);
      if (account.role !== role) {
        if (role !== 'owner' && isLastOwner(account)) throw new Refusal(409, ADMIN_MESSAGES.lastOwner);
        recordActivity({
          action: 'role',
          recordType: 'admin',
          recordId: account._id,
          recordName: account.name,
          summary: `Role: ${ROLE_LABELS[account.role]} → ${ROLE_LABELS[role]}`,
        });
        account.role = role;
        save(account);
      }
      return ok({ message: `${account.name} is now ${ROLE_LABELS[role]}`, result: answer(account) });
    }),
  ),

  http.patch(
    apiPath('admin/admins/:id/status'),
    refusing(async ({ request, params }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('admins')) return extensionMissing();
      const wanted = id(params.id);
      const body = await jsonBody(request);
      const enabled = inField('enabled', () => bool('Enabled', body.enabled));
      if (!enabled) {
        const unproven = proofRefusal(request);
        if (unproven) return unproven;
      }
      const account = accountOf(wanted);
      if (account.status === 'invited')
        throw new Refusal(409, 'This admin has not accepted the invitation yet');
      const status = enabled ? 'active' : 'disabled';
      if (account.status !== status) {
        if (!enabled && account._id === db.admin._id) throw new Refusal(409, ADMIN_MESSAGES.notYourself);
        if (!enabled && isLastOwner(account)) throw new Refusal(409, ADMIN_MESSAGES.lastOwner);
        const ended = enabled ? 0 : account.sessions;
        recordActivity({
          action: enabled ? 'activate' : 'deactivate',
          recordType: 'admin',
          recordId: account._id,
          recordName: account.name,
          summary: `Status: ${ADMIN_STATUS_LABELS[account.status]} → ${ADMIN_STATUS_LABELS[status]}${
            ended ? `; ended ${ended} session${ended === 1 ? '' : 's'}` : ''
          }`,
        });
        account.status = status;
        account.sessions = enabled ? account.sessions : 0;
        save(account);
      }
      return ok({
        message: `${account.name} is ${enabled ? 'enabled' : 'disabled'}`,
        result: answer(account),
      });
    }),
  ),

  http.post(
    apiPath('admin/admins/:id/sessions/end'),
    refusing(({ request, params }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('admins')) return extensionMissing();
      const account = accountOf(params.id);
      const ended = account.sessions;
      if (account._id === db.admin._id) {
        db.sessions = [];
        db.tokens.clear();
      } else save({ ...account, sessions: 0 });
      recordActivity({
        action: 'session-end',
        recordType: 'admin',
        recordId: account._id,
        recordName: account.name,
        summary: `Ended ${ended} session${ended === 1 ? '' : 's'} of ${account.email}`,
      });
      return ok({ message: ended === 1 ? '1 session ended' : `${ended} sessions ended`, result: { ended } });
    }),
  ),

  http.post(
    apiPath('admin/admins/:id/two-factor/reset'),
    refusing(({ request, params }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('admins')) return extensionMissing();
      const wanted = id(params.id);
      if (wanted === db.admin._id) throw new Refusal(409, ADMIN_MESSAGES.ownTwoFactor);
      const unproven = proofRefusal(request);
      if (unproven) return unproven;
      const account = accountOf(wanted);
      if (!account.twoFactor) throw new Refusal(409, ADMIN_MESSAGES.noTwoFactor);
      const ended = account.sessions;
      const reset = { ...account, twoFactor: false, sessions: 0 };
      save(reset);
      recordActivity({
        action: 'two-factor',
        recordType: 'admin',
        recordId: account._id,
        recordName: account.name,
        summary: `Two-factor reset for ${account.email}${ended ? `; ended ${ended} session${ended === 1 ? '' : 's'}` : ''}`,
      });
      return ok({ message: `Two-factor sign-in of ${account.name} is reset`, result: answer(reset) });
    }),
  ),

  http.get(
    apiPath('invitation/:token'),
    refusing(({ params }) => {
      if (!offers('admins')) return extensionMissing();
      const invitation = openInvitation(String(params.token));
      const account = accountOf(invitation.adminId);
      return ok({
        result: {
          name: account.name,
          email: account.email,
          role: account.role,
          expiresAt: invitation.expiresAt,
          twoFactorRequired: db.twoFactorRequired,
          features: mockFeatures(),
        },
      });
    }),
  ),

  http.post(
    apiPath('invitation/accept'),
    refusing(async ({ request }) => {
      if (!offers('admins')) return extensionMissing();
      const body = await jsonBody(request);
      const token = inField('token', () => requiredText('Token', body.token, { max: 100 }));
      const ruled = offers('admin-password-rule');
      const chosen = inField('password', () =>
        password('Password', body.password, {
          min: ruled ? undefined : PASSWORD_MIN,
          max: TEXT_MAX.invitation.password,
        }),
      );
      if (ruled) adminPassword(chosen);
      const invitation = openInvitation(token);
      invitation.state = 'used';
      const account = { ...accountOf(invitation.adminId), status: 'active' as const };
      save(account);
      return ok({
        message: 'Your password is set. Sign in with your e-mail and the new password.',
        result: { email: account.email },
      });
    }),
  ),
];
