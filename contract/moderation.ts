/**
 * The moderation extensions' vocabulary (DECISIONS, "Moderation"): the activity log's actions, a chat report's case
 * statuses, the limits of a reason and a note, and what either keeps of its text (plainText).
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
  /** Sessions ('sessions'): a sign-in, one refused after its password was checked, a sign-out, sessions ended. */
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'session-end',
  /** A users export ('users-export'), logged as it starts: what, the filters and search, the row count. */
  'export',
  /** A step-up ('step-up'): the admin confirmed the password again for what asks for a recent proof. */
  'step-up',
  /** Two-factor ('two-factor'): set up, enabled, disabled, recovery codes renewed or used, required or not. */
  'two-factor',
  /** A call the admin's role may not make ('roles'): the method, path, role and missing permission. */
  'refused',
  /** An admin's role changed ('roles'). */
  'role',
  /** A note on a member added, pinned, unpinned or deleted ('member-notes'). */
  'note',
  /** A review queue item claimed, or released for another admin ('review-queue'). */
  'claim',
  'release',
  /** A restriction imposed ('restrictions'): a deactivation citing a policy, for a time or for good. */
  'restrict',
  /** A timed suspension ended by itself ('restrictions'): the member is active again; no admin did it. */
  'restriction-end',
  /** An appeal opened by the member's confirmation ('appeals'; no admin), then upheld or reversed by an admin. */
  'appeal',
  'appeal-uphold',
  'appeal-reverse',
  /** A Contact Us message marked Handled or reopened, or escalated to the review queue ('contact-status'). */
  'contact-status',
  'contact-escalate',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** A chat report's case ('report-cases'); existing reports are Open. */
export const CASE_STATUSES = ['Open', 'Actioned', 'Dismissed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** The longest reason a status change takes ('status-reason'), and the longest note a case takes. */
export const REASON_MAX = 500;
export const NOTE_MAX = 1000;

const hidden = (code: number) =>
  (code <= 0x1f && code !== 0x0a) ||
  code === 0x7f ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069);

/**
 * What a reason or note keeps of what was typed or pasted: line breaks, as \n (from \r\n or \r too), and tabs, as
 * a space; every other control character (C0, DEL) and every bidirectional embedding, override and isolate (U+202A-
 * U+202E, U+2066-U+2069), which would make the text read otherwise than it is stored, is removed.
 */
export function plainText(value: string) {
  let kept = '';
  for (const character of value.replace(/\r\n?/g, '\n').replace(/\t/g, ' '))
    if (!hidden(character.codePointAt(0)!)) kept += character;
  return kept;
}
