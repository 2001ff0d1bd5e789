import { describe, expect, it } from 'vitest';
import { api } from '../support/api-server';

type Contact = { title: string; description: string };
type Mail = { title: string };
type User = { surname: string; createdAt: string };

/**
 * The demo data (server/seed/demo.ts: what `npm start`, demo mode and the console's tests start from) read as a
 * product's: no message written twice, no title told apart by a number.
 */
describe('the demo data', () => {
  it('has no two contact messages alike and no mail title twice or ending in a number', async () => {
    const contacts = await api.get<Contact[]>('/api/contact-us/list?page=1&limit=100');
    expect(contacts.length).toBeGreaterThan(5);
    expect(new Set(contacts.map((contact) => contact.description)).size).toBe(contacts.length);
    expect(new Set(contacts.map((contact) => contact.title)).size).toBe(contacts.length);
    const titles = (await api.get<Mail[]>('/api/mail-send/list?page=1&limit=100')).map((mail) => mail.title);
    expect(titles.length).toBeGreaterThan(3);
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles.filter((title) => /\d\)?\s*$/.test(title))).toEqual([]);
  });

  it("spreads surnames over the newest members: the users list's first page is not one family", async () => {
    const newest = (await api.get<User[]>('/api/admin/list?page=1&limit=10')).map((user) => user.surname);
    expect(newest).toHaveLength(10);
    expect(new Set(newest).size, newest.join(', ')).toBeGreaterThanOrEqual(8);
  });
});
