import type { Hono } from 'hono';
import { z } from 'zod';
import {
  findContact,
  findMember,
  pageOfContacts,
  setContactStatus,
  type ContactRow,
  type MemberRow,
} from '../db/contact-us';
import { findLevel } from '../db/review-queue';
import type { Db } from '../db/postgres/db';
import {
  CONTACT_MESSAGES,
  CONTACT_STATUSES,
  contactEscalationSummary,
  contactStatusSummary,
} from '../../contract/contact-us';
import { escalateContact } from '../services/review-cases';
import { activityLog } from '../lib/activity';
import { jsonBody, jsonLimit } from '../lib/body';
import type { AppEnv } from '../lib/env';
import { HttpError } from '../lib/errors';
import { now, parseId } from '../lib/ids';
import { memberRef } from '../lib/members';
import { pageBody, paging } from '../lib/paging';
import { orderBy, type ListSort } from '../lib/sort';
import { fields, text } from '../lib/validate';

/** A query's values without the empty ones: a filter sent empty counts as absent, as paging's and sort's do. */
const given = (query: Record<string, string>) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));

const listQuery = z.object({
  status: z
    .enum(CONTACT_STATUSES, { error: `Status must be one of ${CONTACT_STATUSES.join(', ')}` })
    .optional(),
});

const statusBody = fields({
  status: text('Status', { required: true, oneOf: CONTACT_STATUSES }),
});

const memberLabel = (member: MemberRow) => `${member.name} ${member.surname}`.trim() || member.email;

const ID = { pattern: /^[0-9a-f]{24}$/, says: 'must be an id' };
const escalateBody = fields({
  levelId: text('Priority level', { format: ID }),
  memberId: text('Member', { format: ID }),
});

/**
 * A message as the list answers it: SPEC's fields (SPEC 7.9), then the extension's ('contact-status'): its status,
 * who handled it and when, the member whose e-mail the message's is (the escalation's first choice of member), and
 * the review case it joined once escalated.
 */
export const serializeContact = (row: ContactRow) => ({
  _id: row.id,
  title: row.title,
  email: row.email,
  phoneNo: row.phone_no,
  description: row.description,
  created: row.created_at,
  createdAt: row.created_at,
  status: row.status,
  handledBy: row.handled_by ? { _id: row.handled_by, name: row.handler_name ?? '' } : null,
  handledAt: row.handled_at ?? null,
  sender: memberRef(row.sender_id, row.sender_name, row.sender_surname, { email: row.sender_email ?? '' }),
  caseId: row.case_id ?? null,
});

/**
 * Contact Us (SPEC 2.15, 7.9): GET /api/contact-us/list?page&limit, newest first, sorted with 'list-sort'; with
 * 'contact-status', ?status= on it and PATCH /api/contact-us/{id}/status { status }, logged in the activity log.
 */
export function registerContactUsRoutes(app: Hono<AppEnv>, db: Db) {
  const log = activityLog(db);

  app.get('/api/contact-us/list', async (c) => {
    const query = c.req.query();
    const { page, size, offset } = paging(query);
    const order = orderBy(
      query,
      {
        title: 'lower(t.title)',
        email: 'lower(t.email)',
        created: 't.created_at',
      } satisfies ListSort<'contactUs'>,
      { tieBreak: 't.id', otherwise: 't.created_at DESC, t.id DESC' },
    );
    const { status } = listQuery.parse(given(query));
    const { rows, count } = await pageOfContacts(db, { status }, order, { limit: size, offset });
    return c.json(pageBody(rows.map(serializeContact), count, page, size));
  });

  app.patch('/api/contact-us/:id/status', jsonLimit, async (c) => {
    const id = parseId(c.req.param('id'));
    const { status } = statusBody.parse(await jsonBody(c));
    const next = status as (typeof CONTACT_STATUSES)[number];
    const adminId = c.get('adminId');
    // Under the message's lock: the summary says what this write changed, whoever else marks it at once.
    const contact = await db.transaction(async (tx) => {
      const before = await findContact(tx, id, { lock: true });
      if (!before) throw new HttpError(404, CONTACT_MESSAGES.notFound);
      if (before.status !== next) await setContactStatus(tx, id, { status: next, adminId, stamp: now() });
      await log.record(tx, adminId, {
        action: 'contact-status',
        recordType: 'contact',
        recordId: id,
        recordName: before.title,
        summary: contactStatusSummary(before.status, next),
      });
      return (await findContact(tx, id))!;
    });
    return c.json({
      success: true,
      message: CONTACT_MESSAGES.statusChanged,
      result: serializeContact(contact),
    });
  });

  app.post('/api/contact-us/:id/escalate', jsonLimit, async (c) => {
    const id = parseId(c.req.param('id'));
    const { levelId, memberId } = escalateBody.parse(await jsonBody(c));
    const adminId = c.get('adminId');
    const contact = await db.transaction(async (tx) => {
      const before = await findContact(tx, id, { lock: true });
      if (!before) throw new HttpError(404, CONTACT_MESSAGES.notFound);
      if (before.case_state && before.case_state !== 'done')
        throw new HttpError(409, CONTACT_MESSAGES.alreadyEscalated);
      const member = memberId ? await findMember(tx, memberId) : undefined;
      if (memberId && !member)
        throw new HttpError(400, CONTACT_MESSAGES.memberNotFound, { field: 'memberId' });
      const { caseId } = await escalateContact(tx, {
        contactId: id,
        memberId: memberId || null,
        levelId: levelId || null,
        adminId,
      });
      const level = levelId ? (await findLevel(tx, levelId))?.name : undefined;
      await log.record(tx, adminId, {
        action: 'contact-escalate',
        recordType: 'contact',
        recordId: id,
        recordName: before.title,
        summary: contactEscalationSummary({
          level,
          member: member ? memberLabel(member) : undefined,
          caseId,
        }),
      });
      return (await findContact(tx, id))!;
    });
    return c.json({ success: true, message: CONTACT_MESSAGES.escalated, result: serializeContact(contact) });
  });
}
