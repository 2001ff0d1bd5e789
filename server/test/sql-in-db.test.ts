import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * SQL lives in server/db (docs/architecture.md, "The server's shape"): routes, services, lib, the seeds and the
 * start-up call the named functions there. Two findings fail, each named by file and line:
 * - a text that reads as SQL (a statement, or a condition on a $n parameter), anywhere outside server/db, server/test
 *   and server/import (whose SQL is the earlier server's SQLite schema and the reads of its file);
 * - a query method (run, one, many, maybeOne) called with SQL written in the call, anywhere outside server/db and
 *   server/test: the import's PostgreSQL side is server/db/import.ts too.
 */

const SERVER = fileURLToPath(new URL('..', import.meta.url));
const ROOT = join(SERVER, '..');

const STATEMENT =
  /\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM|WITH \w+ AS|LOCK TABLE|TRUNCATE|VACUUM|ANALYZE|CREATE (TABLE|INDEX|TRIGGER)|ALTER TABLE|DROP (TABLE|INDEX))\b/;
const CONDITION = /[=<>]\s*\$\d+\b|\bIS (NOT )?NULL\b|\bFOR (UPDATE|SHARE)\b|\bI?LIKE \$\d/;
const QUERY_METHODS = new Set(['run', 'one', 'many', 'maybeOne']);

const isSql = (text: string) => STATEMENT.test(text) || CONDITION.test(text);

/** The text of a string or template literal, its substitutions as ${}. */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span) => `\${}${span.literal.text}`).join('');
  return undefined;
}

/** What a file holds of SQL: `sql` texts, and `calls` of a query method with SQL written in the call. */
function sqlIn(fileName: string, source: string) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found = { sql: [] as string[], calls: [] as string[] };
  const where = (node: ts.Node, text: string) =>
    `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${JSON.stringify(text.slice(0, 60))}`;
  const visit = (node: ts.Node) => {
    const text = literalText(node);
    if (text !== undefined && isSql(text)) found.sql.push(where(node, text));
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      QUERY_METHODS.has(node.expression.name.text)
    ) {
      const first = node.arguments[0];
      const written = first && literalText(first);
      if (written !== undefined) found.calls.push(where(node, written));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function typeScriptFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return typeScriptFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const under = (folder: string) => (path: string) => path.startsWith(`server/${folder}/`);
const FILES = typeScriptFiles(SERVER)
  .map((path) => relative(ROOT, path).split('\\').join('/'))
  .filter((path) => !under('db')(path) && !under('test')(path));

describe('SQL in server/db only', () => {
  it('has no SQL text outside server/db (server/import holds the SQLite side)', () => {
    const found = FILES.filter((path) => !under('import')(path)).flatMap(
      (path) => sqlIn(path, readFileSync(join(ROOT, path), 'utf8')).sql,
    );
    expect(found).toEqual([]);
  });

  it('sends no query written outside server/db', () => {
    const found = FILES.flatMap((path) => sqlIn(path, readFileSync(join(ROOT, path), 'utf8')).calls);
    expect(found).toEqual([]);
  });

  it('scans the routes, services, lib, seeds, importer and start-up', () => {
    for (const folder of ['routes', 'services', 'lib', 'seed', 'import'])
      expect(FILES.some(under(folder)), folder).toBe(true);
    expect(FILES).toContain('server/main.ts');
    expect(FILES).toContain('server/app.ts');
  });

  it('finds a statement, a condition and a query written in the call', () => {
    const sample = [
      "await db.one<{ n: number }>('SELECT count(*) AS n FROM users');",
      'const condition = { sql: "u.enabled AND u.rowid > $1", params: [after] };',
      'await tx.run(`UPDATE users SET enabled = ${flag} WHERE id = $1`, [id]);',
      "const harmless = ['Select a role', 'lower(name)', '$1 $2'];",
      'await hashing.run(async () => work());',
    ].join('\n');
    expect(sqlIn('sample.ts', sample)).toEqual({
      sql: [
        'sample.ts:1 "SELECT count(*) AS n FROM users"',
        'sample.ts:2 "u.enabled AND u.rowid > $1"',
        'sample.ts:3 "UPDATE users SET enabled = ${} WHERE id = $1"',
      ],
      calls: [
        'sample.ts:1 "SELECT count(*) AS n FROM users"',
        'sample.ts:3 "UPDATE users SET enabled = ${} WHERE id = $1"',
      ],
    });
  });
});
