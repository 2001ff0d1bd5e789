import { http } from 'msw';
import { db, nextId } from '../db';
import { apiPath, fail, ok, refuseWithoutAdmin } from '../http';

export const profileHandlers = [
  http.patch(apiPath('admin/profile/update'), async ({ request }) => {
    const refusal = refuseWithoutAdmin(request);
    if (refusal) return refusal;
    const form = await request.formData();
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return fail(400, 'email must be a valid e-mail address');
    if (password.length < 6) return fail(400, 'password must be at least 6 characters');
    const file = form.get('file');
    // Like the reference server: a new password ends every other session, and the answer carries a fresh token.
    if (password !== db.admin.password) db.tokens.clear();
    db.admin.email = email;
    db.admin.password = password;
    if (file && typeof file !== 'string' && file.size > 0) db.admin.photo = `uploads/admin-${Date.now()}.png`;
    const token = `admin-token-${nextId()}`;
    db.tokens.clear();
    db.tokens.add(token);
    return ok({
      message: 'Profile updated successfully',
      result: { email: db.admin.email, photo: db.admin.photo, token },
    });
  }),
];
