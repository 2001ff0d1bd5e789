import { http } from 'msw';
import { PASSWORD_MIN, TEXT_MAX } from '@contract/limits';
import { isEmpty } from '@contract/rules';
import { changeSummary, recordActivity } from '../activity';
import { db, nextId, type MockAdmin } from '../db';
import { apiPath, ok, refuseWithoutAdmin } from '../http';
import {
  adminPassword,
  formBody,
  imageFile,
  inField,
  password,
  refusing,
  Refusal,
  requiredText,
} from '../rules';
import { offers } from '../scenario';
import { endOtherSessions, otherSessions, sessionOf } from './sessions';

const optionalPassword = (label: string, value: unknown, options: { min?: number } = {}) =>
  isEmpty(value) ? undefined : password(label, value, { ...options, max: TEXT_MAX.profile.password });

const CHECK_LIMIT = 5;
const CHECK_WINDOW_MS = 15 * 60 * 1000;
/** The reference server's count of the passwords checked here, per admin (a reseeded mock database starts afresh). */
const checks = new WeakMap<MockAdmin, { count: number; resetAt: number }>();
const onCurrentPassword = (message: string, status = 400) => new Refusal(status, message, 'currentPassword');
const REQUIRED = 'Please enter your current password';

/**
 * 'profile-current-password', as the reference server: a new e-mail or a new password needs the current password; a
 * password sent without it is taken for the current one; every check counts, and a right one clears the count.
 */
function checkCurrentPassword(change: { email: string; password?: string; currentPassword?: string }) {
  const { email, password, currentPassword } = change;
  if (currentPassword === undefined && email !== db.admin.email) throw onCurrentPassword(REQUIRED);
  const claimed = currentPassword ?? password;
  if (claimed === undefined) return;
  const checked = checkPassword(claimed);
  if (checked === 'limited') throw onCurrentPassword(TOO_MANY_CHECKS, 429);
  if (checked === 'wrong')
    throw onCurrentPassword(currentPassword === undefined ? REQUIRED : 'The current password is incorrect');
}

export const TOO_MANY_CHECKS = 'Too many failed password attempts. Try again later.';

/**
 * A password typed by the signed-in admin (the profile's current password, a step-up), counted per admin as the
 * reference server counts them: every check counts, and a right one clears the count.
 */
export function checkPassword(claimed: string): 'right' | 'wrong' | 'limited' {
  const now = Date.now();
  const count = checks.get(db.admin);
  const current = count && count.resetAt > now ? count : { count: 0, resetAt: now + CHECK_WINDOW_MS };
  current.count += 1;
  checks.set(db.admin, current);
  if (current.count > CHECK_LIMIT) return 'limited';
  if (claimed !== db.admin.password) return 'wrong';
  checks.delete(db.admin);
  return 'right';
}

export const profileHandlers = [
  http.patch(
    apiPath('admin/profile/update'),
    refusing(async ({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      const form = await formBody(request);
      const email = inField('email', () =>
        requiredText('E-mail', form.get('email'), { max: TEXT_MAX.profile.email, email: true }),
      ).toLowerCase();
      const checked = offers('profile-current-password');
      const newPassword = inField('password', () =>
        checked
          ? optionalPassword('Password', form.get('password'), { min: PASSWORD_MIN })
          : password('Password', form.get('password'), { min: PASSWORD_MIN, max: TEXT_MAX.profile.password }),
      );
      const currentPassword = checked
        ? inField('currentPassword', () => optionalPassword('Current password', form.get('currentPassword')))
        : undefined;
      const file = await imageFile('Photo', form.get('file'));
      if (checked) checkCurrentPassword({ email, password: newPassword, currentPassword });
      // Like the reference server: a new password ends every other session, and this one goes on with a fresh token.
      const passwordChanged = newPassword !== undefined && newPassword !== db.admin.password;
      if (passwordChanged && offers('admin-password-rule')) adminPassword(newPassword);
      const summary = changeSummary(db.admin, { email, ...(file ? { photo: 'data:' } : {}) });
      const session = sessionOf(request);
      const ended = passwordChanged ? endOtherSessions(session) : 0;
      db.admin.email = email;
      if (passwordChanged) db.admin.password = newPassword;
      if (file) db.admin.photo = `uploads/admin-${Date.now()}.png`;
      recordActivity({
        action: passwordChanged ? 'password' : 'update',
        recordType: 'admin',
        recordId: db.admin._id,
        recordName: [db.admin.name, db.admin.surname].join(' '),
        summary: passwordChanged ? 'Password changed' : summary,
      });
      if (ended > 0)
        recordActivity({
          action: 'session-end',
          recordType: 'session',
          recordId: null,
          recordName: '',
          summary: `Password changed: ended ${otherSessions(ended)}`,
        });
      const token = `admin-token-${nextId()}`;
      if (passwordChanged) {
        db.tokens.delete(session.token);
        session.token = token;
      }
      db.tokens.add(token);
      return ok({
        message: 'Profile updated successfully',
        result: { email: db.admin.email, photo: db.admin.photo, token },
      });
    }),
  ),
];
