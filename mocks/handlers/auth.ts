import { http } from 'msw';
import { db } from '../db';
import { apiPath, fail, ok, refuseWithoutAdmin } from '../http';

export const authHandlers = [
  http.post(apiPath('login'), async ({ request }) => {
    const body = (await request.json()) as { email?: string; password?: string; isRole?: string };
    if (body.isRole !== 'admin') return fail(403, 'Only administrators can sign in here');
    if (body.email?.toLowerCase() !== db.admin.email || body.password !== db.admin.password) {
      return fail(401, 'Invalid email or password');
    }
    const token = `mock-token-${db.tokens.size + 1}`;
    db.tokens.add(token);
    const { _id, name, surname, email, photo } = db.admin;
    return ok({ message: 'Login successful', result: { token, _id, name, surname, email, photo } });
  }),

  http.get(apiPath('admin/dashboard'), ({ request }) => {
    const refusal = refuseWithoutAdmin(request);
    if (refusal) return refusal;
    return ok({ result: { userCount: db.users.length, contactCount: db.contacts.length } });
  }),

  http.get(apiPath('user/read'), ({ request }) => {
    const refusal = refuseWithoutAdmin(request);
    if (refusal) return refusal;
    const { _id, name, surname, email, photo } = db.admin;
    return ok({ result: { _id, name, surname, email, photo } });
  }),
];
