import { z } from 'zod/mini';

/**
 * The moderation extensions' vocabulary (DECISIONS, "Moderation"), shared by the users and moderation features and
 * the mocks: the activity log's actions, a chat report's case statuses, the limits of a reason and a note. Plain data
 * (and one schema): the mocks load it in Node too.
 */

/** What an admin did ('activity-log'), as GET /api/activity/list names it. */
export const ACTIVITY_ACTIONS = [
  'create',
  'update',
  'delete',
  'activate',
  'deactivate',
  'send',
  'test-send',
  'password',
  'case',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** A chat report's case ('report-cases'); existing reports are Open. */
export const CASE_STATUSES = ['Open', 'Actioned', 'Dismissed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const caseStatus = z.enum(CASE_STATUSES);

/** The longest reason a status change takes ('status-reason'), and the longest note a case takes. */
export const REASON_MAX = 500;
export const NOTE_MAX = 1000;
