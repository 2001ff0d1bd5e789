import { proofRefusal } from './step-up';
import { http } from 'msw';
import { TEXT_MAX } from '@contract/limits';
import { matchesEveryWord, searchWords } from '@contract/search-words';
import { mailAsksForProof } from '@contract/step-up';
import { recordActivity } from '../activity';
import { db, nextId } from '../db';
import { apiPath, fail, notFound, ok, refuseWithoutAdmin } from '../http';
import {
  deliverSome,
  deliveryOf,
  queuedRecipients,
  recipientOf,
  type DeliveryState,
  type MockMail,
} from '../mail-fixtures';
import {
  id,
  inField,
  jsonBody,
  nocase,
  oneOf,
  paginate,
  paging,
  Refusal,
  refusing,
  requiredText,
  search,
  sortRows,
} from '../rules';
import { offers } from '../scenario';

/** How many recipients a mail carries inline when the API pages them (DECISIONS, "Mail"). */
const INLINE_RECIPIENTS = 50;
const STATES: readonly DeliveryState[] = ['queued', 'sent', 'failed'];

/**
 * A mail as the API answers it: SPEC's shape (every recipient in `users`), or with 'mail-recipients' the first 50
 * recipients, their count and the delivery counts.
 */
function mailAnswer(mail: MockMail) {
  const { recipients, ...fields } = mail;
  if (!offers('mail-recipients')) return { ...fields, users: recipients.map(recipientOf) };
  return {
    ...fields,
    users: recipients.slice(0, INLINE_RECIPIENTS).map(recipientOf),
    recipientCount: recipients.length,
    delivery: deliveryOf(mail),
  };
}

const extensionMissing = () => fail(404, 'No such API route');

/** The mail's title and body, with the server's rules and messages (server/routes/mail.ts). */
function mailText(body: Record<string, unknown>) {
  return {
    title: inField('title', () => requiredText('Title', body.title, { max: TEXT_MAX.mail.title })),
    body: inField('body', () => requiredText('Body', body.body, { max: TEXT_MAX.mail.body })),
  };
}

/**
 * SPEC 7.12, with the server's rules and messages (server/routes/mail.ts): the sent mails, and sending one; with
 * the extensions, each mail's recipients a page at a time and a test to the admin alone. A new mail goes out over a
 * few reads of the list (mail-fixtures.ts, deliverSome), so demo mode shows its progress.
 */
export const mailHandlers = [
  http.get(
    apiPath('mail-send/list'),
    refusing(({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      deliverSome(db.mails);
      const url = new URL(request.url);
      paging(url);
      const sorted = sortRows(
        db.mails,
        url,
        'mail',
        { title: (mail) => [nocase(mail.title)], created: (mail) => [mail.createdAt] },
        (mail) => mail._id,
      );
      const { result, pagination } = paginate(sorted, url);
      return ok({ result: result.map(mailAnswer), pagination });
    }),
  ),
  http.post(
    apiPath('mail-send/create'),
    refusing(async ({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      const body = await jsonBody(request);
      const { title, body: text } = mailText(body);
      const list: unknown[] = Array.isArray(body.users) ? body.users : [body.users];
      const all = body.users === 'all' || list.includes('all');
      if (!all && (!list.length || list.some((item) => typeof item !== 'string')))
        throw new Refusal(
          400,
          body.users === undefined || body.users === null || (Array.isArray(body.users) && !body.users.length)
            ? 'Choose at least one recipient'
            : 'Recipients must be a list of user ids or "all"',
          'users',
        );
      const unproven = mailAsksForProof(all ? ['all'] : (list as string[])) ? proofRefusal(request) : null;
      if (unproven) return unproven;
      // Each recipient once, however often the list names them.
      const recipients = all
        ? db.users.filter((user) => user.enabled)
        : [...new Set(list as string[])].map((id) => {
            const user = db.users.find((candidate) => candidate._id === id.trim());
            if (!user) throw new Refusal(400, `User ${id.slice(0, 24)} not found`);
            return user;
          });
      const mail: MockMail = {
        _id: nextId(),
        title,
        body: text,
        allUsers: all,
        recipients: queuedRecipients(recipients),
        createdAt: new Date().toISOString(),
      };
      db.mails.unshift(mail);
      recordActivity({
        action: 'send',
        recordType: 'mail',
        recordId: mail._id,
        recordName: mail.title,
        summary: all
          ? `Sent to All Users (${recipients.length.toLocaleString('en-US')})`
          : `Sent to ${recipients.length} user${recipients.length === 1 ? '' : 's'}`,
      });
      return ok({ message: 'Mail sent successfully', result: mailAnswer(mail) });
    }),
  ),
  http.get(
    apiPath('mail-send/recipients/:mailId'),
    refusing(({ request, params }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('mail-recipients')) return extensionMissing();
      const mail = db.mails.find((candidate) => candidate._id === id(params.mailId));
      if (!mail) return notFound('Mail');
      const url = new URL(request.url);
      const state = oneOf(url.searchParams.get('state'), STATES, 'State must be queued, sent or failed');
      const text = search(url.searchParams.get('q'))?.toLowerCase();
      const words = text && text.length >= 2 ? searchWords(text) : [];
      const matches = (recipient: MockMail['recipients'][number]) =>
        matchesEveryWord(words, [recipient.name, recipient.surname, recipient.email]);
      return ok(
        paginate(
          mail.recipients.filter((recipient) => (!state || recipient.state === state) && matches(recipient)),
          url,
        ),
      );
    }),
  ),
  http.post(
    apiPath('mail-send/test'),
    refusing(async ({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('mail-test')) return extensionMissing();
      const { title } = mailText(await jsonBody(request));
      const email = db.admin.email;
      recordActivity({
        action: 'test-send',
        recordType: 'mail',
        recordId: null,
        recordName: title,
        summary: `Test sent to ${email}`,
      });
      return ok({ message: `Test mail sent to ${email}`, result: { email } });
    }),
  ),
];
