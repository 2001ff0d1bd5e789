/**
 * How a search for members matches (the users list's `q` over `fields`, a mail's recipients, an event's joined users),
 * on the reference server (server/lib/user-list.ts, members.ts), in the mocks and over an answer's inline list
 * (lib/dialog-list.ts) alike: every word of the query is found, in any order, each somewhere in the searched fields,
 * case-insensitively; the users list's `name` is the full name the console shows (name and surname), so
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
