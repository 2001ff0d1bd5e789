import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';
import { api, callApi, serverDataDir } from './api-server';

/**
 * Restrictions and appeals on the reference server, for the console's tests: a member restricted through the API as
 * an admin does it, and the member's appeal asked for on the public form and confirmed by the link mailed to them.
 */

/** The demo's report element (a policy a restriction cites) whose message is `message`. */
export async function policyNamed(message: string) {
  const policy = (await api.get<{ _id: string; message: string }[]>('/api/reportelement/listAll')).find(
    (element) => element.message === message,
  );
  if (!policy) throw new Error(`The demo data has no report element '${message}'`);
  return policy;
}

type Member = { _id: string; name: string; surname: string; email: string; enabled: boolean };

/** A member of the users list's first page, active, with no restriction in force and no open report about them. */
export async function quietMember() {
  for (const member of await api.get<Member[]>('/api/admin/list?page=1&items=10')) {
    if (!member.enabled) continue;
    const { inForce, openReports } = await api.get<{ inForce: unknown; openReports: { count: number } }>(
      `/api/admin/restrictions/member/${member._id}`,
    );
    if (!inForce && openReports.count === 0) return member;
  }
  throw new Error('The first page of the demo members holds no active member without reports');
}

/**
 * Restricts the member `userId` (PATCH /api/admin/status/:id?enabled=false) as the admin of `token`, the signed-in
 * one's unless given: citing the policy `policy`, with `facts`, for good unless `endsAt`. The restriction's
 * reference; a refusal throws, naming it.
 */
export async function restrictMember(
  userId: string,
  options: {
    policy: string;
    facts: string;
    endsAt?: string | null;
    replaces?: string;
    closeReports?: boolean;
    token?: string;
  },
) {
  const { policy, token, endsAt = null, ...rest } = options;
  const { status, body } = await callApi<{ result: { reference: string } }>(
    'PATCH',
    `/api/admin/status/${userId}?enabled=false`,
    { json: { restriction: { policyId: (await policyNamed(policy))._id, endsAt, ...rest } }, token },
  );
  if (status !== 200) throw new Error(`The restriction was refused (${status}): ${JSON.stringify(body)}`);
  return body.result.reference;
}

/**
 * The newest mail the server sent (its outbox's .eml files) whose text has `needle`, quoted-printable's soft breaks
 * undone; waited for while the mail queue delivers it.
 */
export async function sentMailWith(needle: string) {
  return vi.waitFor(
    () => {
      const outbox = join(serverDataDir(), 'outbox');
      // A file's name starts with the time it was written.
      const found = (existsSync(outbox) ? readdirSync(outbox) : [])
        .filter((file) => file.endsWith('.eml'))
        .sort()
        .reverse()
        .map((file) =>
          readFileSync(join(outbox, file), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '='),
        )
        .find((text) => text.includes(needle));
      if (!found) throw new Error(`No mail with ${needle} yet`);
      return found;
    },
    { timeout: 10_000, interval: 50 },
  );
}

/** The token of the confirmation link (/appeal/confirm?token=…) the server mailed for an appeal of `reference`. */
export async function appealLinkToken(reference: string) {
  const mail = await sentMailWith(`Confirm your appeal (${reference})`);
  const token = /\/appeal\/confirm\?token=([\w-]+)/.exec(mail)?.[1];
  if (!token) throw new Error(`The appeal mail of ${reference} holds no link`);
  return token;
}

/**
 * The member's appeal of the restriction `reference`, asked for on the public form (no token) and confirmed by the
 * link mailed to them, as they would: it is then open in the review queue. A refusal throws, naming it.
 */
export async function confirmAppeal(appeal: { email: string; reference: string; statement: string }) {
  const asked = await callApi('POST', '/api/appeal', { json: appeal, token: null });
  if (asked.status !== 200)
    throw new Error(`The appeal was refused (${asked.status}): ${JSON.stringify(asked.body)}`);
  const token = await appealLinkToken(appeal.reference);
  const confirmed = await callApi('POST', '/api/appeal/confirm', { json: { token }, token: null });
  if (confirmed.status !== 200)
    throw new Error(`The appeal was not confirmed (${confirmed.status}): ${JSON.stringify(confirmed.body)}`);
}
