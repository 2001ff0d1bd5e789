/** The work dashboard ('work-dashboard'): the figures under SPEC's two cards. */

/** The days the per-day charts cover, today (UTC) included. */
export const DASHBOARD_DAYS = 30;

/** How many of the latest sent mails the dashboard shows with their delivery. */
export const DASHBOARD_MAILS = 5;

/** The activity log's action a restriction is logged as (issue 29's restrictions; counted from activity_days). */
export const RESTRICTION_ACTION = 'restrict';
