/**
 * An ILIKE (or LIKE) pattern matching `text` anywhere, its wildcards taken literally (backslash is PostgreSQL's
 * default escape). From 3 characters, the trigram indexes answer it.
 */
export function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
