import type { Hono } from 'hono';
import { DASHBOARD_DAYS, DASHBOARD_MAILS, RESTRICTION_ACTION } from '../../contract/dashboard';
import { queueAgeBuckets, type QueueAges } from '../../contract/review-queue';
import {
  actionDays,
  latestMemberMails,
  memberAndReportDays,
  recentReviewItems,
  reviewItemsNotDone,
  type DayCount,
} from '../db/dashboard';
import type { Db } from '../db/postgres/db';
import type { AppEnv } from '../lib/env';

/** The `count` days that end with `today` (UTC, YYYY-MM-DD), oldest first. */
export function lastDays(today: Date, count: number): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: count }, (_, index) =>
    new Date(end - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}

/**
 * The work dashboard's figures (announced as 'work-dashboard'), each read from what the server keeps rather than
 * counted from the rows: members created and chat reports made per day from day_counts (kept by triggers), the
 * restrictions per day from the activity log's day counters (activity_days), the latest mails' delivery from the
 * counters the mail queue's triggers keep on each mail, and the review queue's items not done by age from its counters
 * and the items younger than QUEUE_RED_HOURS. A few dozen rows, whatever the size of the community.
 */
export function registerDashboardRoutes(app: Hono<AppEnv>, db: Db, ages: QueueAges) {
  app.get('/api/admin/dashboard/figures', async (c) => {
    const at = Date.now();
    const days = lastDays(new Date(at), DASHBOARD_DAYS);
    const [from, to] = [days[0]!, days.at(-1)!];
    const hoursAgo = (hours: number) => new Date(at - hours * 3_600_000).toISOString();
    const [counted, restrictions, mails, pending, recent] = await Promise.all([
      memberAndReportDays(db, from, to),
      actionDays(db, RESTRICTION_ACTION, from, to),
      latestMemberMails(db, DASHBOARD_MAILS),
      // The review queue's items not done: all of them from its counters, and those younger than the red threshold.
      reviewItemsNotDone(db),
      recentReviewItems(db, { amberSince: hoursAgo(ages.amberHours), redSince: hoursAgo(ages.redHours) }),
    ]);
    const byDay = (rows: DayCount[]) => new Map(rows.map((row) => [row.day, Number(row.n)]));
    const members = byDay(counted.filter((row) => row.series === 'members'));
    const reports = byDay(counted.filter((row) => row.series === 'reports'));
    const restricted = byDay(restrictions);
    return c.json({
      success: true,
      message: 'Success',
      result: {
        days: days.map((day) => ({
          day,
          reports: reports.get(day) ?? 0,
          restrictions: restricted.get(day) ?? 0,
          members: members.get(day) ?? 0,
        })),
        mails: mails.map((mail) => ({
          _id: mail.id,
          title: mail.title,
          createdAt: mail.created_at,
          allUsers: mail.all_users,
          recipientCount: mail.recipient_count,
          sentCount: mail.sent_count,
          failedCount: mail.failed_count,
          queuedCount: Math.max(0, mail.recipient_count - mail.sent_count - mail.failed_count),
          expanding: mail.expanding,
        })),
        openQueueByAge: queueAgeBuckets(ages, {
          fresh: recent.fresh,
          amber: recent.recent - recent.fresh,
          red: Math.max(0, pending - recent.recent),
        }),
      },
    });
  });
}
