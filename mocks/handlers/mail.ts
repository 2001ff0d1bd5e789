import { http } from 'msw';
import { db, nextId } from '../db';
import { apiPath, ok, refuseWithoutAdmin } from '../http';
import { recipientOf } from '../mail-fixtures';
import { jsonBody, paginate, Refusal, refusing, requiredText } from '../rules';

/** SPEC 7.12, with the server's rules and messages (server/routes/content.ts): the sent mails, and sending one. */
export const mailHandlers = [
  http.get(
    apiPath('mail-send/list'),
    refusing(({ request }) => refuseWithoutAdmin(request) ?? ok(paginate(db.mails, new URL(request.url)))),
  ),
  http.post(
    apiPath('mail-send/create'),
    refusing(async ({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      const body = await jsonBody(request);
      const title = requiredText('Title', body.title, { max: 300 });
      const text = requiredText('Body', body.body, { max: 50_000 });
      const list: unknown[] = Array.isArray(body.users) ? body.users : [body.users];
      const all = body.users === 'all' || list.includes('all');
      if (!all && (!list.length || list.some((item) => typeof item !== 'string')))
        throw new Refusal(
          400,
          body.users === undefined || body.users === null || (Array.isArray(body.users) && !body.users.length)
            ? 'Choose at least one recipient'
            : 'Recipients must be a list of user ids or "all"',
        );
      // Each recipient once, however often the list names them.
      const recipients = all
        ? db.users.filter((user) => user.enabled)
        : [...new Set(list as string[])].map((id) => {
            const user = db.users.find((candidate) => candidate._id === id.trim());
            if (!user) throw new Refusal(400, `User ${id.slice(0, 24)} not found`);
            return user;
          });
      const mail = {
        _id: nextId(),
        title,
        body: text,
        allUsers: all,
        users: recipients.map(recipientOf),
        createdAt: new Date().toISOString(),
      };
      db.mails.unshift(mail);
      return ok({ message: 'Mail sent successfully', result: mail });
    }),
  ),
];
