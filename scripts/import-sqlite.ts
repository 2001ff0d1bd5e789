// `npm run db:import-sqlite -- <console.db>`: copies a SQLite database of the reference server into the PostgreSQL
// the server is configured with (DATABASE_URL, or the embedded cluster in DATA_DIR/pg), which must be new. Uploaded
// files are not copied: they stay in DATA_DIR/uploads. Exits non-zero, with nothing imported, on any refusal or
// count that differs.
import { loadConfig } from '../server/config';
import { importSqlite, ImportRefused } from '../server/import/sqlite';
import { dbOver } from '../server/db/postgres/db';
import { openPostgres } from '../server/db/postgres/open';

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('Usage: npm run db:import-sqlite -- <path to console.db>');
  process.exit(2);
}
const config = loadConfig();
console.log(
  `Importing ${file} into ${config.databaseUrl ? 'the PostgreSQL of DATABASE_URL' : `the embedded PostgreSQL in ${config.dataDir}/pg`}…`,
);
const postgres = await openPostgres({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let code = 0;
try {
  const report = await importSqlite(dbOver(postgres.pool), file, { log: (line) => console.log(line) });
  const width = Math.max(...report.counts.map((count) => count.table.length));
  console.log(`\n${'table'.padEnd(width)}  ${'SQLite'.padStart(10)}  ${'PostgreSQL'.padStart(10)}`);
  for (const count of report.counts)
    console.log(
      `${count.table.padEnd(width)}  ${String(count.sqlite).padStart(10)}  ${String(count.postgres).padStart(10)}`,
    );
  console.log(
    `\nImported in ${(report.ms / 1000).toFixed(1)} s; every count matches. Uploaded files stay where they are: copy the old DATA_DIR/uploads into ${config.dataDir}/uploads if it is another folder.`,
  );
} catch (error) {
  console.error(error instanceof ImportRefused ? error.message : error);
  code = 1;
} finally {
  await postgres.close();
}
process.exit(code);
