import { z } from 'zod/mini';
import { defineResource } from '@/lib/data/resource';
import { flag, id, optionalDate, text } from '@/lib/data/schemas';

/** A count: a whole number, 0 where the API sends none. */
const count = z.pipe(
  z.nullish(z.union([z.number(), z.string()])),
  z.transform((value) => {
    const number = Number(value ?? 0);
    return Number.isFinite(number) ? number : 0;
  }),
);

const day = z.object({
  /** YYYY-MM-DD (UTC). */
  day: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  reports: count,
  restrictions: count,
  members: count,
});
export type FigureDay = z.output<typeof day>;

const mail = z.object({
  _id: id,
  title: text,
  createdAt: optionalDate,
  allUsers: flag,
  recipientCount: count,
  sentCount: count,
  failedCount: count,
  queuedCount: count,
  /** All Users still being expanded into deliveries: more recipients to come. */
  expanding: flag,
});
export type MailFigure = z.output<typeof mail>;

/** One bar of a figure that is not per day (the review queue's open items by age). */
const bucket = z.object({ label: text, count });
export type FigureBucket = z.output<typeof bucket>;

const figures = z.object({
  /** The last 30 days, oldest first, each with its counts (0 on a day without any). */
  days: z.array(day),
  /** The latest sent mails, newest first, with their delivery. */
  mails: z.array(mail),
  /**
   * The review queue's open items by age (issue 29's queue): absent until the API keeps the queue. The dashboard
   * shows it where it is given.
   */
  openQueueByAge: z.optional(z.array(bucket)),
});
export type Figures = z.output<typeof figures>;

/** 'work-dashboard': GET /api/admin/dashboard/figures. */
export const figuresResource = defineResource({
  key: 'dashboard-figures',
  item: figures,
  endpoints: { single: 'admin/dashboard/figures' },
});
