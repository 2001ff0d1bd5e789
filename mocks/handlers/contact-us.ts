import { http } from 'msw';
import { db } from '../db';
import { apiPath, ok, refuseWithoutAdmin } from '../http';
import { nocase, paginate, paging, refusing, sortRows } from '../rules';

export const contactHandlers = [
  http.get(
    apiPath('contact-us/list'),
    refusing(({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      const url = new URL(request.url);
      paging(url);
      const rows = sortRows(
        db.contacts,
        url,
        'contactUs',
        {
          title: (contact) => [nocase(contact.title)],
          email: (contact) => [nocase(contact.email)],
          created: (contact) => [contact.created],
        },
        (contact) => contact._id,
      );
      return ok(paginate(rows, url));
    }),
  ),
];
