import type { CsvColumn } from './csv';

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
