import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_VALUE_MAX, TEMPLATE_MESSAGES, TEMPLATE_NAME_MAX } from '../../contract/notice-templates';
import { HttpError } from '../lib/errors';
import { newId } from '../lib/ids';
import { renderNotice } from '../services/notice-templates';
import { adminWithRole, makeServer } from './harness';

/** Warning and notice templates ('notice-templates'). */

type Server = Awaited<ReturnType<typeof makeServer>>;
type Template = {
  _id: string;
  kind: string;
  policy: { _id: string; name: string } | null;
  name: string;
  subject: string;
  body: string;
  placeholders: string[];
  updatedBy: { _id: string; name: string } | null;
};

async function policy(s: Server, message: string) {
  const made = await s.call('POST', '/api/reportelement/create', { json: { message, enabled: true } });
  expect(made.status).toBe(200);
  return (made.body.result as { _id: string })._id;
}

const spamWarning = (policyId: string | null) => ({
  kind: 'warning',
  policyId,
  name: 'First spam warning',
  subject: 'A warning about {{policy}}',
  body: 'Hello {{member_name}},\n\nWe saw this: {{ facts }}. Please stop.',
});

const listed = async (s: Server, query = '', token?: string) =>
  ((await s.call('GET', `/api/notice-templates${query}`, { token })).body.result as Template[]).map(
    (template) => template.name,
  );

const templateEntries = async (s: Server) =>
  (
    (await s.call('GET', '/api/activity/list?recordType=notice-template&limit=100')).body.result as Record<
      string,
      unknown
    >[]
  ).reverse();

describe('notice templates', () => {
  it('adds, reads, lists by kind and policy, changes and deletes a template, each write in the activity log', async () => {
    const s = await makeServer();
    const spam = await policy(s, 'Spam or scam');
    const fake = await policy(s, 'Fake profile');

    const added = await s.call('POST', '/api/notice-templates', { json: spamWarning(spam) });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      success: true,
      message: 'Template added',
      result: {
        kind: 'warning',
        policy: { _id: spam, name: 'Spam or scam' },
        name: 'First spam warning',
        subject: 'A warning about {{policy}}',
        placeholders: ['policy', 'member_name', 'facts'],
        updatedBy: { _id: s.adminId },
      },
    });
    const id = (added.body.result as Template)._id;
    await s.call('POST', '/api/notice-templates', {
      json: {
        kind: 'notice',
        policyId: null,
        name: 'Account notice',
        subject: 'About your account',
        body: 'Hi.',
      },
    });
    await s.call('POST', '/api/notice-templates', {
      json: { ...spamWarning(fake), name: 'Fake profile warning' },
    });

    const one = await s.call('GET', `/api/notice-templates/${id}`);
    expect(one.body).toMatchObject({ result: { _id: id, name: 'First spam warning' } });
    expect(await listed(s)).toEqual(['Account notice', 'Fake profile warning', 'First spam warning']);
    expect(await listed(s, '?kind=warning')).toEqual(['Fake profile warning', 'First spam warning']);
    // A policy's templates are its own and those for any policy.
    expect(await listed(s, `?policy=${spam}`)).toEqual(['Account notice', 'First spam warning']);
    expect(await listed(s, `?kind=warning&policy=${spam}`)).toEqual(['First spam warning']);
    expect(await listed(s, '?policy=none')).toEqual(['Account notice']);

    const changed = await s.call('PATCH', `/api/notice-templates/${id}`, {
      json: { ...spamWarning(null), name: 'Spam warning', subject: 'A warning' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      message: 'Template updated',
      result: { name: 'Spam warning', policy: null, placeholders: ['member_name', 'facts'] },
    });

    const removed = await s.call('DELETE', `/api/notice-templates/${id}`);
    expect(removed.body).toMatchObject({ success: true, message: 'Template deleted' });
    expect((await s.call('GET', `/api/notice-templates/${id}`)).status).toBe(404);
    expect((await s.call('DELETE', `/api/notice-templates/${id}`)).status).toBe(404);

    expect(await templateEntries(s)).toMatchObject([
      {
        action: 'create',
        recordType: 'notice-template',
        recordId: id,
        recordName: 'First spam warning',
        summary: 'Warning template added for Spam or scam',
      },
      { action: 'create', recordName: 'Account notice', summary: 'Notice template added' },
      { action: 'create', recordName: 'Fake profile warning' },
      {
        action: 'update',
        recordId: id,
        recordName: 'Spam warning',
        summary:
          'Policy: "Spam or scam" → ""; Name: "First spam warning" → "Spam warning"; Subject: "A warning about {{policy}}" → "A warning"',
      },
      { action: 'delete', recordId: id, recordName: 'Spam warning', summary: 'Warning template deleted' },
    ]);
  });

  it('refuses a template with a missing field, an unknown policy or placeholder, writing nothing', async () => {
    const s = await makeServer();
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ kind: 'caution' }, TEMPLATE_MESSAGES.kindInvalid, 'kind'],
      [{ name: '  ' }, TEMPLATE_MESSAGES.nameRequired, 'name'],
      [{ name: 'x'.repeat(TEMPLATE_NAME_MAX + 1) }, TEMPLATE_MESSAGES.nameTooLong, 'name'],
      [{ subject: '' }, TEMPLATE_MESSAGES.subjectRequired, 'subject'],
      [{ body: '' }, TEMPLATE_MESSAGES.bodyRequired, 'body'],
      [{ policyId: newId() }, TEMPLATE_MESSAGES.policyUnknown, 'policyId'],
      [{ policyId: 'spam' }, TEMPLATE_MESSAGES.policyUnknown, 'policyId'],
      [{ subject: 'Dear {{member}}' }, TEMPLATE_MESSAGES.unknownPlaceholder('member'), 'subject'],
      [
        { body: 'See {{facts}} and {{ appeal_url }}' },
        TEMPLATE_MESSAGES.unknownPlaceholder('appeal_url'),
        'body',
      ],
      [{ body: 'Hello {{member_name' }, TEMPLATE_MESSAGES.unclosedPlaceholder, 'body'],
    ];
    for (const [change, message, field] of refusals) {
      const answer = await s.call('POST', '/api/notice-templates', {
        json: { ...spamWarning(null), ...change },
      });
      expect(answer.status, message).toBe(400);
      expect(answer.body, message).toMatchObject({ success: false, message, field });
    }
    expect(TEMPLATE_MESSAGES.unknownPlaceholder('member')).toBe(
      '{{member}} is not a placeholder; use {{member_name}}, {{policy}}, {{facts}}, {{reference}}, {{end_date}}',
    );
    const made = await s.call('POST', '/api/notice-templates', { json: spamWarning(null) });
    const id = (made.body.result as Template)._id;
    const badChange = await s.call('PATCH', `/api/notice-templates/${id}`, {
      json: { ...spamWarning(null), subject: '{{nope}}' },
    });
    expect(badChange.status).toBe(400);
    const missing = await s.call('PATCH', `/api/notice-templates/${newId()}`, { json: spamWarning(null) });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: 'Template not found' });
    expect(await listed(s)).toEqual(['First spam warning']);
    expect((await templateEntries(s)).map((entry) => entry.action)).toEqual(['create']);
  });

  it("refuses a change based on a version another admin's save replaced (If-Match)", async () => {
    const s = await makeServer();
    const made = await s.call('POST', '/api/notice-templates', { json: spamWarning(null) });
    const { _id: id, updatedAt } = made.body.result as Template & { updatedAt: string };
    const first = await s.call('PATCH', `/api/notice-templates/${id}`, {
      json: { ...spamWarning(null), name: 'Mine' },
      headers: { 'If-Match': `"${updatedAt}"` },
    });
    expect(first.status).toBe(200);
    const stale = await s.call('PATCH', `/api/notice-templates/${id}`, {
      json: { ...spamWarning(null), name: 'Theirs' },
      headers: { 'If-Match': `"${updatedAt}"` },
    });
    expect(stale.status).toBe(409);
    expect((await s.call('GET', `/api/notice-templates/${id}`)).body).toMatchObject({
      result: { name: 'Mine' },
    });
  });

  it('keeps a template for any policy when its policy is deleted', async () => {
    const s = await makeServer();
    const spam = await policy(s, 'Spam or scam');
    const made = await s.call('POST', '/api/notice-templates', { json: spamWarning(spam) });
    const id = (made.body.result as Template)._id;
    expect((await s.call('DELETE', `/api/reportelement/delete/${spam}`)).status).toBe(200);
    expect((await s.call('GET', `/api/notice-templates/${id}`)).body).toMatchObject({
      result: { policy: null },
    });
  });

  it('lets every queue reader read the templates and only an Owner change them', async () => {
    const s = await makeServer();
    const made = await s.call('POST', '/api/notice-templates', { json: spamWarning(null) });
    const id = (made.body.result as Template)._id;
    for (const role of ['moderator', 'support'] as const) {
      const { token } = await adminWithRole(s.db, role);
      expect(await listed(s, '', token)).toEqual(['First spam warning']);
      expect((await s.call('GET', `/api/notice-templates/${id}`, { token })).status).toBe(200);
      const add = await s.call('POST', '/api/notice-templates', { json: spamWarning(null), token });
      expect(add.status).toBe(403);
      expect(add.body).toMatchObject({ permission: 'templates.write' });
      expect(
        (await s.call('PATCH', `/api/notice-templates/${id}`, { json: spamWarning(null), token })).status,
      ).toBe(403);
      expect((await s.call('DELETE', `/api/notice-templates/${id}`, { token })).status).toBe(403);
    }
    const editor = await adminWithRole(s.db, 'editor');
    expect((await s.call('GET', '/api/notice-templates', { token: editor.token })).status).toBe(403);
    expect(await listed(s)).toEqual(['First spam warning']);
  });

  it('renderNotice fills a template for sending, and refuses one with a placeholder left unfilled, naming it', async () => {
    const s = await makeServer();
    const made = await s.call('POST', '/api/notice-templates', { json: spamWarning(null) });
    const templateId = (made.body.result as Template)._id;

    await expect(
      renderNotice(s.db, {
        templateId,
        values: {
          member_name: 'Ann Doe',
          policy: 'Spam or scam',
          facts: 'Sent links to 40 members',
          end_date: 'x',
        },
      }),
    ).resolves.toEqual({
      template: { id: templateId, name: 'First spam warning', kind: 'warning' },
      subject: 'A warning about Spam or scam',
      body: 'Hello Ann Doe,\n\nWe saw this: Sent links to 40 members. Please stop.',
    });

    const refusal = await renderNotice(s.db, {
      templateId,
      values: { member_name: 'Ann Doe', facts: '   ' },
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({
      status: 400,
      message: 'Fill in {{policy}}, {{facts}} before sending',
      extra: { field: 'values', unfilled: ['policy', 'facts'] },
    });

    await expect(renderNotice(s.db, { templateId: newId(), values: {} })).rejects.toMatchObject({
      status: 400,
      message: 'Template not found',
    });
    await expect(
      renderNotice(s.db, {
        templateId,
        values: { member_name: 'A', policy: 'B', facts: 'x'.repeat(PLACEHOLDER_VALUE_MAX + 1) },
      }),
    ).rejects.toMatchObject({ status: 400, message: TEMPLATE_MESSAGES.valueTooLong('facts') });
  });
});
