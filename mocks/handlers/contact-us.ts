import { http } from 'msw';
import { db } from '../db';
import { apiPath, ok, refuseWithoutAdmin } from '../http';
import { paginate, refusing } from '../rules';

export const contactHandlers = [
  http.get(
    apiPath('contact-us/list'),
    refusing(({ request }) => refuseWithoutAdmin(request) ?? ok(paginate(db.contacts, new URL(request.url)))),
  ),
];
