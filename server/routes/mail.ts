import type { Hono } from 'hono';
import { z } from 'zod';
import {
  emailOf,
  findMail as findMailRow,
  mailRecipients,
  pageOfMails,
  type DeliveryState,
  type MailRow,
} from '../db/mail';
import { memberPage } from '../db/members';
import type { Db } from '../db/postgres/db';
import { TEXT_MAX } from '../../contract/limits';
import { mailAsksForProof } from '../../contract/step-up';
import { activityLog } from '../lib/activity';
import { requireRecentProof } from '../lib/auth';
import { jsonBody, jsonLimit } from '../lib/body';
import type { AppEnv } from '../lib/env';
import { HttpError, notFound } from '../lib/errors';
import { parseId } from '../lib/ids';
import type { Mailer } from '../lib/mail';
import type { MailQueue } from '../lib/mail-queue';
import { pageBody, paging } from '../lib/paging';
import { StoredRateLimiter } from '../lib/rate-limit';
import { fields, searchText, text } from '../lib/validate';
import { orderBy, unsorted, type ListSort } from '../lib/sort';

type Deps = { db: Db; mailer: Mailer; queue: MailQueue };

const STATES = ['queued', 'sent', 'failed'] as const satisfies readonly DeliveryState[];

/** How many test mails an admin may send in an hour: plenty to check a draft, too few to mail anyone in bulk. */
export const TEST_SENDS_PER_HOUR = 10;

/** How many recipients a mail carries inline; the rest are paged by the recipients route. */
export const INLINE_RECIPIENTS = 50;

/** SPEC 7.12 sent mail, delivered by the mail queue, with the recipients route and a test send (announced). */
export function registerMailRoutes(app: Hono<AppEnv>, { db, mailer, queue }: Deps) {
  const log = activityLog(db);
  const findMail = async (id: string) => {
    const row = await findMailRow(db, id);
    if (!row) throw notFound('Mail');
    return row;
  };

  const serialize = async (mail: MailRow) => ({
    _id: mail.id,
    title: mail.title,
    body: mail.body,
    allUsers: mail.all_users,
    users: (
      await memberPage(db, mailRecipients(mail), {
        limit: INLINE_RECIPIENTS,
        offset: 0,
      })
    ).rows,
    recipientCount: mail.recipient_count,
    delivery: {
      queued: mail.recipient_count - mail.sent_count - mail.failed_count,
      sent: mail.sent_count,
      failed: mail.failed_count,
    },
    createdAt: mail.created_at,
  });

  app.get('/api/mail-send/list', async (c) => {
    const query = c.req.query();
    const { page, size, offset } = paging(query);
    const order = orderBy(
      query,
      { title: 'lower(title)', created: 'created_at' } satisfies ListSort<'mail'>,
      { tieBreak: 'id', otherwise: 'created_at DESC, id DESC' },
    );
    const { rows, count } = await pageOfMails(db, order, { limit: size, offset });
    return c.json(pageBody(await Promise.all(rows.map(serialize)), count, page, size));
  });

  const recipientsQuery = z.object({
    q: searchText,
    state: z.enum(STATES, { error: 'State must be queued, sent or failed' }).optional(),
  });
  app.get('/api/mail-send/recipients/:mailId', async (c) => {
    const id = parseId(c.req.param('mailId'));
    const query = c.req.query();
    const { page, size, offset } = paging(query);
    unsorted(query, 'in name order');
    const { q, state } = recipientsQuery.parse(query);
    const { rows, count } = await memberPage(
      db,
      mailRecipients(await findMail(id), { state, deliveries: true }),
      {
        q,
        limit: size,
        offset,
      },
    );
    return c.json(pageBody(rows, count, page, size));
  });

  const recipientIds = z.unknown().transform((value, ctx) => {
    const list = Array.isArray(value) ? value : [value];
    if (
      value === 'all' ||
      (list.length > 0 && list.every((item) => typeof item === 'string') && list.length <= 100_000)
    )
      return list as string[];
    ctx.addIssue({
      code: 'custom',
      message:
        value === undefined || value === null || (Array.isArray(value) && value.length === 0)
          ? 'Choose at least one recipient'
          : 'Recipients must be a list of user ids or "all"',
    });
    return z.NEVER;
  });
  const message = {
    title: text('Title', { required: true, max: TEXT_MAX.mail.title }),
    body: text('Body', { required: true, max: TEXT_MAX.mail.body }),
  };
  const mailBody = fields({ ...message, users: recipientIds });
  app.post('/api/mail-send/create', jsonLimit, async (c) => {
    const data = mailBody.parse(await jsonBody(c));
    // Mail to every member, or to more than STEP_UP_RECIPIENTS chosen ones, cannot be called back: it asks for a
    // recent proof ('step-up').
    if (mailAsksForProof(data.users)) requireRecentProof(c);
    const id = await queue.store(
      {
        title: data.title,
        body: data.body,
        // Each recipient once, however often the list names them.
        recipients: data.users.includes('all') ? 'all' : [...new Set(data.users.map((user) => user.trim()))],
      },
      // In the queue's transaction: the entry is stored with the mail, or neither is.
      async (tx, stored) => {
        const mail = (await findMailRow(tx, stored))!;
        const count = mail.recipient_count.toLocaleString('en');
        await log.record(tx, c.get('adminId'), {
          action: 'send',
          recordType: 'mail',
          recordId: stored,
          recordName: mail.title,
          summary: mail.all_users
            ? `Sent to All Users (${count})`
            : `Sent to ${count} user${mail.recipient_count === 1 ? '' : 's'}`,
        });
      },
    );
    return c.json({
      success: true,
      message: 'Mail sent successfully',
      result: await serialize(await findMail(id)),
    });
  });

  const testBody = fields(message);
  // Every attempt counts, a failed one too: each reaches the transport. Counted in the database, so that an admin's
  // hour holds across server processes.
  const testSends = new StoredRateLimiter(db, 'test-send', TEST_SENDS_PER_HOUR, 60 * 60_000);
  app.post('/api/mail-send/test', jsonLimit, async (c) => {
    const data = testBody.parse(await jsonBody(c));
    const wait = await testSends.hit(c.get('adminId'));
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60);
      throw new HttpError(
        429,
        `At most ${TEST_SENDS_PER_HOUR} test mails an hour: try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
        {},
        { 'Retry-After': String(wait) },
      );
    }
    const email = (await emailOf(db, c.get('adminId')))!;
    try {
      await mailer.send({ to: email, subject: data.title, text: data.body });
    } catch (error) {
      const reason = error instanceof Error && error.message ? error.message : String(error);
      throw new HttpError(502, `The test mail could not be sent: ${reason.slice(0, 1000)}`);
    }
    // Nothing is stored by a test send: its entry is written once the message has gone.
    await db.transaction((tx) =>
      log.record(tx, c.get('adminId'), {
        action: 'test-send',
        recordType: 'mail',
        recordId: null,
        recordName: data.title,
        summary: `Test sent to ${email}`,
      }),
    );
    return c.json({ success: true, message: `Test mail sent to ${email}`, result: { email } });
  });
}
