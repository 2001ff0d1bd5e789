import { http } from 'msw';
import { TEXT_MAX } from '@contract/limits';
import { recordActivity } from '../activity';
import { db } from '../db';
import { apiPath, fail, ok, refuseWithoutAdmin } from '../http';
import { inField, jsonBody, password, refusing, requiredText, text } from '../rules';
import { mockFeatures, offers } from '../scenario';
import { startSession } from './sessions';
import { twoFactorStep } from './two-factor';

export const authHandlers = [
  http.post(
    apiPath('login'),
    refusing(async ({ request }) => {
      const body = await jsonBody(request);
      const email = inField('email', () =>
        requiredText('E-mail', body.email, { max: TEXT_MAX.signIn.email }),
      ).toLowerCase();
      const given = inField('password', () =>
        password('Password', body.password, { max: TEXT_MAX.signIn.password }),
      );
      const role = inField('isRole', () => text('Role', body.isRole, { max: TEXT_MAX.signIn.isRole }));
      const admin = email === db.admin.email;
      if (!admin || given !== db.admin.password || (role !== undefined && role !== 'admin')) {
        recordActivity(
          {
            action: 'sign-in-failed',
            recordType: 'session',
            recordId: null,
            recordName: admin ? email : '',
            summary: `${!admin ? 'No admin with this e-mail' : given !== db.admin.password ? 'Wrong password' : 'Not signing in as an admin'}, from unknown`,
          },
          { signedIn: false },
        );
        return fail(401, 'Invalid email or password');
      }
      const secondStep = twoFactorStep();
      if (secondStep) return secondStep;
      const token = startSession(request);
      const { _id, name, surname, email: address, photo } = db.admin;
      // The extensions offered, as the reference server names them; a SPEC-only API sends no such field.
      const features = mockFeatures();
      return ok({
        message: 'Login successful',
        result: {
          token,
          _id,
          name,
          surname,
          email: address,
          photo,
          ...(features.includes('roles') ? { role: db.admin.role } : {}),
          ...(features.length ? { features } : {}),
        },
      });
    }),
  ),

  http.get(apiPath('admin/dashboard'), ({ request }) => {
    const refusal = refuseWithoutAdmin(request);
    if (refusal) return refusal;
    return ok({ result: { userCount: db.users.length, contactCount: db.contacts.length } });
  }),

  http.get(apiPath('user/read'), ({ request }) => {
    const refusal = refuseWithoutAdmin(request);
    if (refusal) return refusal;
    const { _id, name, surname, email, photo, role } = db.admin;
    return ok({ result: { _id, name, surname, email, photo, ...(offers('roles') ? { role } : {}) } });
  }),
];
