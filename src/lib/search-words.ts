/**
 * How the users list's search (GET /api/admin/list's `q` over `fields`) matches, on the reference server
 * (server/lib/user-list.ts) and in the mocks alike: every word of the query is found, in any order, each somewhere in
 * the searched fields, case-insensitively; `name` searches the full name the console shows (name and surname), so
 * "Mateo Haddad" finds Mateo Haddad.
 */

export const searchWords = (text: string) => text.trim().split(/\s+/u).filter(Boolean);

/** The fields a search's `fields` names, with `name` standing for name and surname. */
export const searchedFields = (fields: readonly string[]) => [
  ...new Set(fields.flatMap((field) => (field === 'name' ? ['name', 'surname'] : [field]))),
];

export function matchesEveryWord(words: readonly string[], values: readonly string[]): boolean {
  const folded = values.map((value) => value.toLowerCase());
  return words.every((word) => folded.some((value) => value.includes(word.toLowerCase())));
}
