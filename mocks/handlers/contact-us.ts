import { http } from 'msw';
import { db } from '../db';
import { apiPath, ok, paginate, refuseWithoutAdmin } from '../http';

export const contactHandlers = [
  http.get(apiPath('contact-us/list'), ({ request }) => {
    const refusal = refuseWithoutAdmin(request);
    if (refusal) return refusal;
    return ok(paginate(db.contacts, new URL(request.url), 'limit'));
  }),
];
