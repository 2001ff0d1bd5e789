import type { CsvColumn } from './csv';
import { plainText } from './moderation';
import { searchWords } from './search-words';

/** What a row of the users list carries that its export shows (the list's summary of a user). */
export type ExportedUser = {
  name: string;
  surname: string;
  email: string;
  countryCode: string;
  phoneNumber: string;
  gender: string;
  enabled: boolean;
};

/**
 * The users list's columns as src/features/users/users-list-page.tsx shows them, headings and text alike, without
 * Actions: the name cell's e-mail line becomes its own column. Shared by the server and the MSW mocks.
 */
export const USER_EXPORT_COLUMNS: readonly CsvColumn<ExportedUser>[] = [
  { header: 'Name', text: (user) => [user.name, user.surname].filter(Boolean).join(' ') },
  { header: 'Email', text: (user) => user.email },
  {
    header: 'Phone Number',
    text: (user) => [user.countryCode, user.phoneNumber].filter(Boolean).join(' ') || '-',
  },
  { header: 'Gender', text: (user) => user.gender || '-' },
  { header: 'Status', text: (user) => (user.enabled ? 'Active' : 'Inactive') },
];

/** users-YYYY-MM-DD.csv, the day (UTC) of the export. */
export const userExportFileName = (at: Date) => `users-${at.toISOString().slice(0, 10)}.csv`;

const PLAN_NAMES: Record<string, string> = { silver: 'Silver', gold: 'Gold', platinum: 'Platinum' };
const SEARCHED_NAMES: Record<string, string> = {
  name: 'name',
  surname: 'surname',
  email: 'e-mail',
  phoneNumber: 'phone number',
};
const DEFAULT_SEARCHED = 'name,email,phoneNumber';
const SORT_NAMES: Record<string, string> = {
  name: 'name',
  email: 'e-mail',
  created: 'date joined',
  status: 'status',
};

/**
 * What the activity log says of a users export ('Exported 1,234 users as CSV from 203.0.113.5: status Active, plan
 * Gold, search "ana", sorted by name'): the count it announced (X-Total-Count), the client's address, and the query
 * as the export applied it (`param` reads the query string, already accepted), in words an admin reads. Shared by
 * the server and the MSW mocks.
 */
export function userExportSummary(
  param: (name: string) => string | undefined,
  count: number,
  address: string,
) {
  const given = (name: string) => param(name) || undefined;
  // The words searched for, as JSON quotes them: no quote, line break or bidirectional control in a search makes the
  // entry read as something else.
  const words = searchWords(plainText(given('q') ?? '')).join(' ');
  const q = words && JSON.stringify(words);
  const fields = given('fields');
  const plan = given('planFilter');
  const sort = given('sort');
  const applied = [
    given('filter') === 'user.enabled' && given('equal')
      ? `status ${given('equal') === 'true' ? 'Active' : 'Inactive'}`
      : '',
    plan ? `plan ${PLAN_NAMES[plan] ?? plan}` : '',
    q
      ? `search ${q}${
          fields && fields !== DEFAULT_SEARCHED
            ? ` in ${fields
                .split(',')
                .map((field) => field.trim())
                .filter((field) => Object.hasOwn(SEARCHED_NAMES, field))
                .map((field) => SEARCHED_NAMES[field])
                .join(', ')}`
            : ''
        }`
      : '',
    sort ? `sorted by ${SORT_NAMES[sort] ?? sort}${given('order') === 'desc' ? ', descending' : ''}` : '',
  ].filter(Boolean);
  const users = `${count.toLocaleString('en-US')} user${count === 1 ? '' : 's'}`;
  return `Exported ${users} as CSV from ${address}: ${applied.join(', ') || 'all users'}`;
}
