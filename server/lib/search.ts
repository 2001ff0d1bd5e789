/** An FTS5 query matching `text` as a substring of the chosen columns (trigram index: 3 characters or more). */
export function ftsQuery(text: string, columns: string[]) {
  return `{${columns.join(' ')}} : "${text.replace(/"/g, '""')}"`;
}

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally (with `ESCAPE '\'`). */
export function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
