import type { Db } from './postgres/db';

/** The work dashboard's figures (routes/dashboard.ts): counters the triggers keep, a few dozen rows at most. */

export type DayCount = { day: string; n: number };

/** Members created and chat reports made per day, from day_counts, for the days `from` to `to` (YYYY-MM-DD). */
export function memberAndReportDays(db: Db, from: string, to: string) {
  return db.many<DayCount & { series: 'members' | 'reports' }>(
    `SELECT series, day, n FROM day_counts
     WHERE series IN ('members', 'reports') AND day >= $1 AND day <= $2`,
    [from, to],
  );
}

/** The activity log's entries of one action per day (activity_days), for the days `from` to `to`. */
export function actionDays(db: Db, action: string, from: string, to: string) {
  return db.many<DayCount>(
    "SELECT day, n FROM activity_days WHERE dim = 'action' AND value = $1 AND day >= $2 AND day <= $3",
    [action, from, to],
  );
}

export type MailFigure = {
  id: string;
  title: string;
  created_at: string;
  all_users: boolean;
  recipient_count: number;
  sent_count: number;
  failed_count: number;
  expanding: boolean;
};

/** The latest mails to members with the delivery counters the mail queue's triggers keep on each. */
export function latestMemberMails(db: Db, limit: number) {
  return db.many<MailFigure>(
    `SELECT id, title, created_at, all_users, recipient_count, sent_count, failed_count,
       expand_after IS NOT NULL AS expanding
     FROM mails WHERE kind = 'member' ORDER BY created_at DESC, id DESC LIMIT $1`,
    [limit],
  );
}

/** The review queue's items not done, from its counters. */
export async function reviewItemsNotDone(db: Db): Promise<number> {
  const { n } = await db.one<{ n: number }>(
    "SELECT coalesce(sum(n), 0)::int AS n FROM review_counts WHERE state <> 'done'",
  );
  return n;
}

/**
 * The review queue's items not done created after `redSince` (`recent`), and of those the ones created after
 * `amberSince` (`fresh`): read along the index of the items not done, so a day's worth, not the whole backlog.
 */
export function recentReviewItems(
  db: Db,
  { amberSince, redSince }: { amberSince: string; redSince: string },
) {
  return db.one<{ fresh: number; recent: number }>(
    `SELECT count(*) FILTER (WHERE created_at > $1)::int AS fresh, count(*)::int AS recent
     FROM review_items WHERE state <> 'done' AND created_at > $2`,
    [amberSince, redSince],
  );
}
