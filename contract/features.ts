/**
 * The extensions of SPEC's API (DECISIONS, "Extensions of the reference API, announced"), by the name the sign-in
 * answer gives each (`result.features`). The reference server and the mocks offer every one; the console uses one
 * only when the API named it, so against an API that names none it is exactly SPEC's.
 */
export const FEATURES = [
  /** A mail's recipient count and delivery counts, and GET /api/mail-send/recipients/{mailId} (paged, searched). */
  'mail-recipients',
  /** POST /api/mail-send/test: the mail to the signed-in admin alone. */
  'mail-test',
  /** An event's joinedCount, and GET /api/event/joined/{eventId} (paged, searched). */
  'event-joined',
  /** sort=<field>&order=asc|desc on the server-paged lists (their sortable headers). */
  'list-sort',
  /** GET /api/admin/list/export: the users list as CSV, streamed, with the list's filters, search and sort. */
  'users-export',
  /** GET /api/activity/list (filtered, paged) and /api/activity/facets: who did what, when and why. */
  'activity-log',
  /** PATCH /api/admin/status/{userId}?enabled=false with a JSON body { reason }: a deactivation's optional reason. */
  'status-reason',
  /** GET /api/admin/history/{userId}: a user's status changes, reports and blocks, paged and by kind. */
  'user-history',
  /** A chat report's case (status, note, who handled it), ?status= on its list, PATCH /api/chat-report/case/{id}. */
  'report-cases',
  /**
   * Sessions on the server: POST /api/logout ends the caller's, GET /api/admin/sessions lists the caller's live ones,
   * DELETE /api/admin/sessions/{id} and POST /api/admin/sessions/end-others end them; idle ones expire.
   */
  'sessions',
  /**
   * PATCH /api/admin/profile/update takes `currentPassword`, which a new e-mail or a new password needs; `password`
   * may be empty (kept), so a new photo alone needs neither.
   */
  'profile-current-password',
  /**
   * POST /api/admin/step-up { password }: what cannot be undone or exposes every member (a users export, mail to All
   * Users, more than 50 writes in 5 minutes) answers 403 with `stepUp: true` unless the password was confirmed in the
   * session within 5 minutes; the console asks for it and sends the call again.
   */
  'step-up',
  /**
   * Two-factor sign-in (TOTP, RFC 6238, with ten single-use recovery codes): POST /api/login may answer a challenge
   * (`result.twoFactor`: 'code' or 'enrol') that POST /api/login/two-factor completes with a code, after
   * POST /api/login/two-factor/setup for 'enrol' (whose code answers the recovery codes, and the session starts with
   * POST /api/login/two-factor/acknowledge); /api/admin/two-factor (set up, confirm, recovery codes, disable)
   * for the signed-in admin; GET and PATCH /api/admin/security: whether every admin must use it.
   */
  'two-factor',
  /**
   * Admin roles (contract/roles.ts): the sign-in answer's and GET /api/user/read's `role`; every call needs its role's
   * permission (contract/api-permissions.ts), or answers 403 with the role's words and `permission`.
   */
  'roles',
  /**
   * Admin accounts (contract/admins.ts): GET /api/admin/admins, POST /api/admin/admins/invite (a one-time link by
   * mail), an admin's role, status and sessions (PATCH …/:id/role, PATCH …/:id/status, POST …/:id/sessions/end), and
   * the invitation's public GET /api/invitation/{token} and POST /api/invitation/accept.
   */
  'admins',
  /**
   * Notes on a member (contract/member-notes.ts): GET /api/admin/notes/{userId} (paged, pinned first, then newest),
   * POST /api/admin/notes/{userId} { text }, PATCH /api/admin/notes/{userId}/{noteId} { pinned } and DELETE
   * /api/admin/notes/{userId}/{noteId} (the author's own; an Owner's any); each write is in the activity log.
   */
  'member-notes',
  /**
   * The work dashboard (contract/dashboard.ts): GET /api/admin/dashboard/figures, chat reports, restrictions and new
   * members per day over the last 30 days, and the latest sent mails' delivery.
   */
  'work-dashboard',
  /**
   * The review queue (contract/review-queue.ts): GET /api/review-queue/list (oldest first; kind, state, assignee),
   * GET /api/review-queue/count, POST /api/review-queue/claim-next, POST /api/review-queue/:id/claim and
   * POST /api/review-queue/:id/release; a chat report's case decides its item; ?report= on GET /api/chat-report/list.
   */
  'review-queue',
  /**
   * Restrictions (contract/restrictions.ts): PATCH /api/admin/status/{userId}?enabled=false with a JSON body
   * { restriction: { policyId, facts, endsAt, withheldReason? } } cites a Report Element (which takes an optional
   * `explanation`), mails the member a statement of reasons, and a timed suspension ends by itself; the users list's
   * and a member's `strikes`; 'restrict' and 'restriction-end' in the activity log and the moderation history.
   */
  'restrictions',
  /**
   * Appeals (contract/appeals.ts): the public POST /api/appeal { email, reference, statement } mails a link whose
   * token POST /api/appeal/confirm takes to open the appeal; an open appeal is a review queue item of kind 'appeal';
   * GET /api/admin/appeals/{id} and POST /api/admin/appeals/{id}/decide { decision: 'uphold' | 'reverse', note }, which
   * the admin who made the restriction may not; 'appeal', 'appeal-uphold' and 'appeal-reverse' in the activity log
   * and the moderation history.
   */
  'appeals',
  /**
   * The admin password rule (contract/admin-password.ts): an invitation's password (POST /api/invitation/accept) and a
   * new password on the own profile have at least 12 characters, are not on a list of common or breached passwords and
   * are not the published default; 400 with the rule's message and `field: 'password'`. GET /api/invitation/{token}
   * names it in `features` too, since that page has no sign-in.
   */
  'admin-password-rule',
  /**
   * A member's summary (contract/member-summary.ts): GET /api/user/read/{id} also answers `lastActiveAt` (the newest
   * of the member's records the server holds) and `restriction` (the restriction in force, or null), so that the
   * profile's header (age, joined, last active, verified, strikes, the restriction in force) comes in its one read.
   */
  'member-summary',
  /**
   * Contact Us messages' status (contract/contact-us.ts): each of GET /api/contact-us/list's rows has `status` (Open or
   * Handled), `handledBy`, `handledAt`, `sender` (the member whose e-mail the message's is) and `caseId`; ?status= on
   * the list; PATCH /api/contact-us/{id}/status { status }; POST /api/contact-us/{id}/escalate { levelId?, memberId? }
   * puts the message in a review case ('review-cases'); both in the activity log.
   */
  'contact-status',
  /**
   * Warning and notice templates per policy (contract/notice-templates.ts): GET /api/notice-templates (?kind, ?policy)
   * and GET /api/notice-templates/{id} for whoever reads the review queue; POST, PATCH and DELETE for an Owner
   * (templates.write), each in the activity log. A template's `{{placeholder}}`s are filled before sending, and a
   * message with one left unfilled is refused (400 naming it).
   */
  'notice-templates',
  /**
   * The reporter told (contract/reporter-outcome.ts; DSA Art. 16(5)): when a chat report is decided, by any path,
   * its reporter is mailed the outcome (action taken, or none) and the redress open to them, once per outcome, never
   * the decision's facts, note or restriction. No call of its own: the console need not act on it.
   */
  'reporter-outcome',
  /**
   * Review cases (contract/review-cases.ts): every Open chat report on a member (and contact messages escalated to
   * them) gathers in ONE queue item of kind 'case'; the list's rows add policy, reason, excerpt, reporter, reportCount
   * (and, with 'review-priorities', level, targetAt, handlingMinutes, targetMet, decidedBy); GET /api/review-queue/{id}/case
   * answers the reports in full, the contact messages and the member's summary in one request; POST
   * /api/review-queue/{id}/decide { action: dismiss | warn | restrict | escalate | release } decides every Open report
   * of the case in one transaction, logged.
   */
  'review-cases',
  /**
   * Review priorities (contract/review-cases.ts): levels with a rank and target minutes and rules per kind and policy
   * (GET /api/review-queue/levels; PUT for an Owner, queue.priorities); the queue and claim-next go by level rank then
   * age; GET /api/review-queue/stats?from&to answers met, missed and overdue per level and handling time per admin.
   */
  'review-priorities',
] as const;

export type Feature = (typeof FEATURES)[number];
