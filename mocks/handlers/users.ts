import { http } from 'msw';
import { db, type MockUser } from '../db';
import { apiPath, notFound, ok, paginate, refuseWithoutAdmin } from '../http';

const SEARCHABLE: Record<string, keyof MockUser> = {
  name: 'name',
  surname: 'surname',
  email: 'email',
  phoneNumber: 'phoneNumber',
};

export const userHandlers = [
  http.get(apiPath('admin/list'), ({ request }) => {
    const refusal = refuseWithoutAdmin(request);
    if (refusal) return refusal;
    const url = new URL(request.url);
    const q = url.searchParams.get('q')?.trim().toLowerCase();
    const fields = (url.searchParams.get('fields') ?? 'name,email,phoneNumber')
      .split(',')
      .map((field) => SEARCHABLE[field.trim()])
      .filter((field): field is keyof MockUser => Boolean(field));
    const equal = url.searchParams.get('equal');
    const plan = url.searchParams.get('planFilter');
    const rows = db.users.filter(
      (user) =>
        (!q ||
          fields.some((field) =>
            String(user[field] ?? '')
              .toLowerCase()
              .includes(q),
          )) &&
        (url.searchParams.get('filter') !== 'user.enabled' || !equal || String(user.enabled) === equal) &&
        (!plan || user.plan?.productId === plan),
    );
    // Like the real API, the list carries a summary of each user; the profile fields come from user/read.
    const summaries = rows.map(
      ({
        _id,
        name,
        surname,
        email,
        phoneNumber,
        countryCode,
        gender,
        enabled,
        isVerified,
        image1,
        image2,
        image3,
        image4,
        plan,
        createdAt,
      }) => ({
        _id,
        name,
        surname,
        email,
        phoneNumber,
        countryCode,
        gender,
        enabled,
        isVerified,
        image1,
        image2,
        image3,
        image4,
        plan,
        createdAt,
      }),
    );
    return ok(paginate(summaries, url, 'items'));
  }),

  http.patch(apiPath('admin/status/:userId'), ({ request, params }) => {
    const refusal = refuseWithoutAdmin(request);
    if (refusal) return refusal;
    const user = db.users.find((item) => item._id === params.userId);
    if (!user) return notFound('User');
    user.enabled = new URL(request.url).searchParams.get('enabled') === 'true';
    return ok({ message: user.enabled ? 'User activated successfully' : 'User deactivated successfully' });
  }),

  http.get(apiPath('user/read/:userId'), ({ request, params }) => {
    const refusal = refuseWithoutAdmin(request);
    if (refusal) return refusal;
    const user = db.users.find((item) => item._id === params.userId);
    if (!user) return notFound('User');
    const { plan, ...result } = user;
    return ok({ status: 200, result, plan });
  }),
];
