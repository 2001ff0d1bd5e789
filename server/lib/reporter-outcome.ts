import { reporterOutcomeMail } from '../../contract/reporter-outcome';
import type { Db } from '../db/postgres/db';
import { claimPendingOutcomes, storeOutcomeMails } from '../db/reporter-outcomes';
import { newId, now } from './ids';

/**
 * The reporter told ('reporter-outcome'; DSA Art. 16(5)): a batch of the outbox the trigger of migration 022 fills
 * when a chat report is decided, whatever path decided it, made into queued mails (contract/reporter-outcome.ts) in
 * one transaction: the rows claimed, their mails and deliveries stored, the rows marked told. A crash before the
 * commit leaves every row pending and no mail; after it, every row told and every mail queued; two workers at once
 * claim different rows. So each outcome is queued once, and the mail queue delivers it as any other mail. The mail
 * queue's worker runs this on each round (lib/mail-queue.ts). False when nothing was pending.
 */
export function queueReporterOutcomes(
  db: Db,
  { batch, dueAt }: { batch: number; dueAt: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const pending = await claimPendingOutcomes(tx, batch);
    if (!pending.length) return false;
    const stamp = now();
    await storeOutcomeMails(
      tx,
      pending.map((row) => ({
        reportId: row.reportId,
        reporterId: row.reporterId,
        outcome: row.outcome,
        // A reporter without an address is told nothing; the outcome is settled all the same.
        mail: row.email.trim()
          ? {
              id: newId(),
              ...reporterOutcomeMail({
                reporterName: row.name,
                reportId: row.reportId,
                reportedAt: row.reportedAt,
                decidedAt: row.decidedAt,
                outcome: row.outcome,
              }),
            }
          : null,
      })),
      { dueAt, stamp },
    );
    return true;
  });
}
