import { beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_API,
  type CatalogueApi,
  type CatalogueField,
  type CatalogueName,
} from '../../contract/catalogues';
import { makeServer, PNG_BYTES, tomorrow } from './harness';

/**
 * Every catalogue of the contract (contract/catalogues.ts), sent invalid creates by the reference server's client:
 * a required field left out, a number under its minimum or with a fraction where only whole
 * numbers go, a value outside the fixed options, a reference to no record, a past day where none may be, a time
 * before the one it must follow, a required file left out. It must refuse each with the contract's words, naming the
 * field, and take the body with nothing wrong in it.
 */

type Send = (path: string, init: RequestInit) => Promise<Response>;
type Side = { send: Send; token: string; firstIds: Map<CatalogueApi, string> };
/** A field's value in a body, with what the value or its absence must be refused as. */
type Case = { name: string; field: string; value: unknown; message: string };

const ADMIN = { email: 'admin@example.com', password: 'Admin@123', isRole: 'admin' };
const NO_RECORD = 'ffffffffffffffffffffffff';
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** A value each field takes (a reference: the side's first record of the catalogue it names). */
function validValue(field: CatalogueField, side: Side): unknown {
  switch (field.type) {
    case 'text':
      return field.oneOf?.[0] ?? (field.email ? 'someone@example.com' : 'Sample');
    case 'time':
      return field.after ? '11:00' : '10:00';
    case 'bool':
      return true;
    case 'number':
      return field.min;
    case 'date':
      return tomorrow();
    case 'ref':
      return side.firstIds.get(field.to);
  }
}

/** What is wrong with a field, one way at a time, and how the API says it. */
function casesOf(api: CatalogueApi): Case[] {
  const fieldCases = Object.entries(api.fields).flatMap(([field, rule]): Case[] => {
    const { label } = rule;
    const cases: Case[] = [];
    if (rule.required)
      cases.push({ name: `${field} left out`, field, value: undefined, message: `${label} is required` });
    if (rule.type === 'number') {
      cases.push({
        name: `${field} under its minimum`,
        field,
        value: rule.min - 1,
        message: `${label} must be at least ${rule.min}`,
      });
      if (rule.integer)
        cases.push({
          name: `${field} with a fraction`,
          field,
          value: rule.min + 0.5,
          message: `${label} must be a whole number`,
        });
    }
    if (rule.type === 'text' && rule.oneOf)
      cases.push({
        name: `${field} not one of its options`,
        field,
        value: 'none-of-these',
        message: `${label} must be one of ${rule.oneOf.join(', ')}`,
      });
    if (rule.type === 'bool')
      cases.push({
        name: `${field} neither`,
        field,
        value: 'maybe',
        message: `${label} must be true or false`,
      });
    if (rule.type === 'ref')
      cases.push({
        name: `${field} naming no record`,
        field,
        value: NO_RECORD,
        message: `${label} not found`,
      });
    if (rule.type === 'date' && rule.notPast)
      cases.push({
        name: `${field} in the past`,
        field,
        value: yesterday(),
        message: `${label} must be today or later`,
      });
    if (rule.type === 'time' && rule.after)
      cases.push({
        name: `${field} before ${rule.after.field}`,
        field,
        value: '09:00',
        message: rule.after.message,
      });
    return cases;
  });
  const fileCases = Object.entries(api.files ?? {}).flatMap(([sentAs, file]): Case[] =>
    file.requiredOnCreate
      ? [{ name: `${sentAs} left out`, field: sentAs, value: undefined, message: file.requiredOnCreate }]
      : [],
  );
  return [...fieldCases, ...fileCases];
}

/** A create's body, JSON or multipart as SPEC 7 sends it, with every field valid but `changed`. */
function createRequest(api: CatalogueApi, side: Side, changed?: Case): RequestInit {
  const values: Record<string, unknown> = Object.fromEntries(
    Object.entries(api.fields).map(([name, field]) => [name, validValue(field, side)]),
  );
  const files = Object.keys(api.files ?? {});
  if (changed) {
    delete values[changed.field];
    if (changed.value !== undefined) values[changed.field] = changed.value;
  }
  const headers = { Authorization: `Bearer ${side.token}` };
  if (!api.multipart?.includes('create'))
    return {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(values),
    };
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) if (value !== undefined) form.set(name, String(value));
  for (const name of files)
    if (changed?.field !== name) form.set(name, new File([PNG_BYTES], 'image.png', { type: 'image/png' }));
  return { method: 'POST', headers, body: form };
}

const CATALOGUES = Object.entries(CATALOGUE_API) as [CatalogueName, CatalogueApi][];

/** Each side's answers, by catalogue and case ('valid' for the body with nothing wrong). */
const answers = new Map<string, Answer>();
type Answer = { status: number; body: Record<string, unknown> };

async function run(send: Send, into: Map<string, Answer>) {
  const signIn = await send('/api/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const token = ((await signIn.json()) as { result: { token: string } }).result.token;
  const side: Side = { send, token, firstIds: new Map() };
  const referred = new Set(
    CATALOGUES.flatMap(([, api]) =>
      Object.values(api.fields).flatMap((field) => (field.type === 'ref' ? [field.to] : [])),
    ),
  );
  for (const referredApi of referred) {
    const listAll = referredApi.paths.listAll!;
    const list = await send(`/api/${listAll}`, { headers: { Authorization: `Bearer ${token}` } });
    side.firstIds.set(referredApi, ((await list.json()) as { result: { _id: string }[] }).result[0]!._id);
  }
  for (const [name, api] of CATALOGUES) {
    for (const changed of [undefined, ...casesOf(api)]) {
      const response = await send(`/api/${api.paths.create}`, createRequest(api, side, changed));
      into.set(`${name}: ${changed?.name ?? 'valid'}`, {
        status: response.status,
        body: (await response.json()) as Record<string, unknown>,
      });
    }
  }
}

beforeAll(async () => {
  const real = await makeServer({ seedUsers: 2 });
  await run((path, init) => Promise.resolve(real.app.request(path, init)), answers);
});

describe.each(CATALOGUES)("%s: the reference server refuses with the contract's words", (name, api) => {
  it('takes a body with nothing wrong in it', () => {
    // The one setting record exists already: a second is refused.
    expect(answers.get(`${name}: valid`)!.status).toBe(api.singleRecord ? 409 : 200);
  });

  it.each(casesOf(api))('$name', ({ name: caseName, field, message }) => {
    expect(answers.get(`${name}: ${caseName}`)).toEqual({
      status: 400,
      body: { success: false, message, field },
    });
  });
});
