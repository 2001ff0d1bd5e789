import { describe, expect, it } from 'vitest';
import { db, MOCK_ADMIN_EMAIL, MOCK_ADMIN_PASSWORD, resetDb } from '@mocks/db';

/** Demo mode's fixtures read as a product's: no message written twice, no title told apart by a number. */
describe("demo mode's fixtures", () => {
  it('has no two contact messages alike and no mail title twice or ending in a number', () => {
    resetDb();
    expect(new Set(db.contacts.map((contact) => contact.description)).size).toBe(db.contacts.length);
    expect(new Set(db.contacts.map((contact) => contact.title)).size).toBe(db.contacts.length);
    const titles = db.mails.map((mail) => mail.title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles.filter((title) => /\d\)?\s*$/.test(title))).toEqual([]);
  });

  it("spreads surnames over the newest members: the users list's first page is not one family", () => {
    resetDb();
    const newest = [...db.users]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, 10)
      .map((user) => user.surname);
    expect(new Set(newest).size, newest.join(', ')).toBeGreaterThanOrEqual(8);
  });
});

describe("the mock API's sign-in", () => {
  const signIn = () =>
    fetch('http://localhost/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: MOCK_ADMIN_EMAIL, password: MOCK_ADMIN_PASSWORD, isRole: 'admin' }),
    }).then(async (response) => ((await response.json()) as { result: { token: string } }).result.token);

  it('gives a new session a token no earlier session had, even after the data is put back', async () => {
    resetDb();
    const first = await signIn();
    resetDb();
    const second = await signIn();
    expect(second).not.toBe(first);
    const refused = await fetch('http://localhost/api/admin/list?page=1&limit=10', {
      headers: { Authorization: `Bearer ${first}` },
    });
    expect(refused.status).toBe(401);
  });
});
