import { describe, expect, it } from 'vitest';
import { db, resetDb } from '@mocks/db';

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
});
