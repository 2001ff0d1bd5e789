import { http } from 'msw';
import { PASSWORD_MIN, TEXT_MAX } from '@contract/limits';
import { changeSummary, recordActivity } from '../activity';
import { db, nextId } from '../db';
import { apiPath, ok, refuseWithoutAdmin } from '../http';
import { formBody, imageFile, inField, password, refusing, requiredText } from '../rules';
import { endOtherSessions, otherSessions, sessionOf } from './sessions';

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
      const newPassword = inField('password', () =>
        password('Password', form.get('password'), { min: PASSWORD_MIN, max: TEXT_MAX.profile.password }),
      );
      const file = await imageFile('Photo', form.get('file'));
      // Like the reference server: a new password ends every other session, and this one goes on with a fresh token.
      const passwordChanged = newPassword !== db.admin.password;
      const summary = changeSummary(db.admin, { email, ...(file ? { photo: 'data:' } : {}) });
      const session = sessionOf(request);
      const ended = passwordChanged ? endOtherSessions(session) : 0;
      db.admin.email = email;
      db.admin.password = newPassword;
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
