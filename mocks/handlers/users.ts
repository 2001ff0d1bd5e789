import { http } from 'msw';
import { db, type MockUser } from '../db';
import { apiPath, fail, notFound, ok, refuseWithoutAdmin } from '../http';
import { id, oneOf, paginate, paging, refusing, search } from '../rules';

const SEARCHABLE: Record<string, keyof MockUser> = {
  name: 'name',
  surname: 'surname',
  email: 'email',
  phoneNumber: 'phoneNumber',
};

export const userHandlers = [
  http.get(
    apiPath('admin/list'),
    refusing(({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      const url = new URL(request.url);
      // The server's order: paging, then the search and filters.
      paging(url);
      const q = search(url.searchParams.get('q'))?.toLowerCase();
      const requested = url.searchParams.get('fields');
      if (requested && requested.length > 200) return fail(400, 'Fields must be at most 200 characters');
      oneOf(url.searchParams.get('filter'), ['user.enabled'], "filter must be 'user.enabled'");
      oneOf(url.searchParams.get('equal'), ['true', 'false'], "equal must be 'true' or 'false'");
      oneOf(
        url.searchParams.get('planFilter'),
        ['silver', 'gold', 'platinum'],
        'planFilter must be silver, gold or platinum',
      );
      // Own properties only: "constructor" or "__proto__" name no field.
      const fields = (requested ?? 'name,email,phoneNumber')
        .split(',')
        .map((field) => field.trim())
        .filter((field) => Object.hasOwn(SEARCHABLE, field))
        .map((field) => SEARCHABLE[field]!);
      if (q && fields.length === 0)
        return fail(400, `Fields must name some of: ${Object.keys(SEARCHABLE).join(', ')}`);
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
          updatedAt,
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
          updatedAt,
        }),
      );
      return ok(paginate(summaries, url));
    }),
  ),

  http.patch(
    apiPath('admin/status/:userId'),
    refusing(({ request, params }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      const userId = id(params.userId);
      const enabled = oneOf(
        new URL(request.url).searchParams.get('enabled') ?? '',
        ['true', 'false'],
        "enabled must be 'true' or 'false'",
      );
      const user = db.users.find((item) => item._id === userId);
      if (!user) return notFound('User');
      user.enabled = enabled === 'true';
      user.updatedAt = new Date().toISOString();
      return ok({ message: user.enabled ? 'User activated successfully' : 'User deactivated successfully' });
    }),
  ),

  http.get(
    apiPath('user/read/:userId'),
    refusing(({ request, params }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      const userId = id(params.userId);
      const user = db.users.find((item) => item._id === userId);
      if (!user) return notFound('User');
      const { plan, ...result } = user;
      return ok({ status: 200, result, plan });
    }),
  ),
];
