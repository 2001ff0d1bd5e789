import { http } from 'msw';
import { DASHBOARD_DAYS, DASHBOARD_MAILS, RESTRICTION_ACTION } from '@contract/dashboard';
import {
  ageLevel,
  DEFAULT_QUEUE_AMBER_HOURS,
  DEFAULT_QUEUE_RED_HOURS,
  queueAgeBuckets,
  type AgeLevel,
} from '@contract/review-queue';
import { db } from '../db';
import { apiPath, fail, ok, refuseWithoutAdmin } from '../http';
import { deliveryOf } from '../mail-fixtures';
import { offers } from '../scenario';

const DAY = 86_400_000;

/** The `count` days that end today (UTC, YYYY-MM-DD), oldest first. */
function lastDays(count: number): string[] {
  const today = new Date();
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: count }, (_, index) =>
    new Date(end - (count - 1 - index) * DAY).toISOString().slice(0, 10),
  );
}

/** How many of `dates` (ISO) fall on each day. */
function perDay(dates: string[]) {
  const counts = new Map<string, number>();
  for (const date of dates) counts.set(date.slice(0, 10), (counts.get(date.slice(0, 10)) ?? 0) + 1);
  return counts;
}

/** The work dashboard's figures ('work-dashboard'), as server/routes/dashboard.ts answers them. */
export const dashboardHandlers = [
  http.get(apiPath('admin/dashboard/figures'), ({ request }) => {
    const refusal = refuseWithoutAdmin(request);
    if (refusal) return refusal;
    if (!offers('work-dashboard')) return fail(404, 'No such API route');
    const reports = perDay(db.chatReports.map((report) => report.createdAt));
    const members = perDay(db.users.map((user) => user.createdAt));
    const restrictions = perDay(
      db.activity
        .filter((entry) => (entry.action as string) === RESTRICTION_ACTION)
        .map((entry) => entry.createdAt),
    );
    const mails = [...db.mails]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id))
      .slice(0, DASHBOARD_MAILS)
      .map((mail) => {
        const delivery = deliveryOf(mail);
        return {
          _id: mail._id,
          title: mail.title,
          createdAt: mail.createdAt,
          allUsers: mail.allUsers,
          recipientCount: mail.recipients.length,
          sentCount: delivery.sent,
          failedCount: delivery.failed,
          queuedCount: delivery.queued,
          expanding: false,
        };
      });
    const ages = { amberHours: DEFAULT_QUEUE_AMBER_HOURS, redHours: DEFAULT_QUEUE_RED_HOURS };
    const byAge: Record<AgeLevel, number> = { fresh: 0, amber: 0, red: 0 };
    for (const item of db.reviewItems)
      if (item.state !== 'done') byAge[ageLevel(item.createdAt, Date.now(), ages)] += 1;
    return ok({
      result: {
        days: lastDays(DASHBOARD_DAYS).map((day) => ({
          day,
          reports: reports.get(day) ?? 0,
          restrictions: restrictions.get(day) ?? 0,
          members: members.get(day) ?? 0,
        })),
        mails,
        ...(offers('review-queue') ? { openQueueByAge: queueAgeBuckets(ages, byAge) } : {}),
      },
    });
  }),
];
