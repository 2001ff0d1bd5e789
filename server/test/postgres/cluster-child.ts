// A server's life around its database, for cluster.test.ts: opens the embedded one in the data directory given,
// prints its address, closes it on SIGTERM, and exits on SIGINT without closing it (as a process.exit after a signal
// does).
import { openPostgres } from '../../db/postgres/open';

const db = await openPostgres({ databaseUrl: undefined, dataDir: process.argv[2]! });
process.stdout.write(`${JSON.stringify({ url: db.url })}\n`);
process.on('SIGTERM', () => void db.close().then(() => process.exit(0)));
process.on('SIGINT', () => process.exit(0));
setInterval(() => undefined, 60_000);
