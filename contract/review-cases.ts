/**
 * Review cases and priorities ('review-cases', 'review-priorities'): every Open chat report on a member gathers in ONE
 * case (a review queue item of kind 'case'), decided at once by POST /api/review-queue/{id}/decide; every item has a
 * priority level with a target time. The answers' and bodies' schemas the console and the server share.
 */
import { z } from 'zod/mini';
import type { RestrictionInput } from './restrictions';

/** The longest dismissal reason, warning message and escalation note, in characters. */
export const DISMISS_REASON_MAX = 1000;
export const WARNING_MAX = 5000;

/** The case page lists at most this many reports of a case (the oldest first); `reportCount` counts them all. */
export const CASE_REPORTS_MAX = 200;
/** The queue row's excerpt: the first report's message cut to this many characters. */
export const EXCERPT_MAX = 140;

/** The refusals the decide route answers (400, 403, 409), and the console's for the same checks. */
export const CASE_MESSAGES = {
  actionUnknown: 'Action must be one of dismiss, warn, restrict, escalate, release',
  reasonRequired: 'Please give the reason for dismissing',
  reasonTooLong: `The reason must be at most ${DISMISS_REASON_MAX} characters`,
  messageRequired: 'Please write the message to the member',
  messageTooLong: `The message must be at most ${WARNING_MAX} characters`,
  levelUnknown: 'The priority level does not exist',
  assigneeUnknown: 'The admin named is not an admin who can work the queue',
  notACase: 'Only a case is decided here; an appeal is decided on its own page',
  done: 'This item is already done',
  claimedByOther: (name: string) => `${name || 'Another admin'} has claimed this item`,
  noSubject: 'This case names no member to warn or restrict',
  /** 400: a warning whose text still holds a template's placeholder (the templates' fill function finds them). */
  unfilled: (names: string[]) => `Please fill in ${names.map((name) => `{{${name}}}`).join(', ')}`,
  levelsInvalid: 'Levels need distinct names and ranks, and target minutes of at least 1',
  levelInUse: 'A level a rule or an open item uses cannot be removed',
} as const;

const id = z.string();
const isoDate = z.string();

/** A member as every answer refers to one (server/lib/members.ts memberRef); null for no one. */
export const memberRefSchema = z.object({
  _id: id,
  name: z.string(),
  surname: z.optional(z.string()),
  email: z.optional(z.string()),
});
export type MemberRef = z.output<typeof memberRefSchema>;

/** A priority level: rank 1 is worked first; targetMinutes is the time from an item's age to its target. */
export const levelSchema = z.object({
  _id: id,
  name: z.string(),
  rank: z.number(),
  targetMinutes: z.number(),
});
export type ReviewLevel = z.output<typeof levelSchema>;

/** The item kinds a rule picks a level for: a case (by its reports' policy), an appeal, an escalated contact message. */
export const RULE_KINDS = ['case', 'appeal', 'contact'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/**
 * A rule: the items of `kind` (and, when `policyId` is set, those whose policy is that Report Element: a report whose
 * message is the element's message) get `levelId`. The rule with a policy wins over the kind's own; among several
 * policies in a case, the highest level (lowest rank).
 */
export const ruleSchema = z.object({
  _id: z.optional(id),
  kind: z.enum(RULE_KINDS),
  policyId: z.nullable(id),
  levelId: id,
});
export type ReviewRule = z.output<typeof ruleSchema>;

/** GET /api/review-queue/levels: { success, message, result: LevelsAnswer }. */
export const levelsAnswerSchema = z.object({
  levels: z.array(levelSchema),
  rules: z.array(
    z.object({
      _id: id,
      kind: z.enum(RULE_KINDS),
      policy: z.nullable(z.object({ _id: id, name: z.string() })),
      levelId: id,
    }),
  ),
});
export type LevelsAnswer = z.output<typeof levelsAnswerSchema>;

/**
 * PUT /api/review-queue/levels (Owner, 'queue.priorities'): the whole set of levels and rules, replacing the stored
 * ones. A level without `_id` is new; a stored level left out is removed (refused while a rule or an open item uses
 * it). A rule's `levelId` names a level of the body by `_id`, or a new one by its name.
 */
export const levelsBodySchema = z.object({
  levels: z.array(
    z.object({ _id: z.optional(id), name: z.string(), rank: z.number(), targetMinutes: z.number() }),
  ),
  rules: z.array(z.object({ kind: z.enum(RULE_KINDS), policyId: z.nullable(id), levelId: id })),
});
export type LevelsBody = z.output<typeof levelsBodySchema>;

/** An item's place against its target: not due yet, past it (overdue, not done), or done in time or late. */
export type TargetState = 'due' | 'overdue' | 'met' | 'missed';

/**
 * A row of GET /api/review-queue/list (and the answer of claim-next and a claim), in addition to the fields the queue
 * had before ('review-queue': _id, kind, state, ref, subject, assignee, claimedAt, createdAt, doneAt, report, appeal).
 * `createdAt` is the item's age: a case's oldest report's.
 */
export const queueRowSchema = z.object({
  _id: id,
  kind: z.string(),
  state: z.enum(['open', 'claimed', 'done']),
  ref: id,
  subject: z.nullish(memberRefSchema),
  assignee: z.nullish(z.object({ _id: id, name: z.string() })),
  claimedAt: z.nullish(isoDate),
  createdAt: isoDate,
  doneAt: z.nullish(isoDate),
  /** The policy the item is about: a case's reports' Report Element, an appeal's restriction's; null when none. */
  policy: z.nullish(z.object({ _id: id, name: z.string() })),
  /** What the row says it is about: the policy's name, else the first report's message, else the kind's label. */
  reason: z.string(),
  /** The first report's message (an appeal's statement, a contact message's text), cut to EXCERPT_MAX. */
  excerpt: z.string(),
  /** Who made the case's first report (null: none, or deleted). */
  reporter: z.nullish(memberRefSchema),
  /** How many reports (and contact messages) the case holds; 1 for an appeal. */
  reportCount: z.number(),
  level: z.nullable(levelSchema),
  /** createdAt + the level's target minutes. */
  targetAt: z.nullable(isoDate),
  /** Done: minutes from createdAt to doneAt, whether doneAt was by targetAt, and who decided. */
  handlingMinutes: z.nullish(z.number()),
  targetMet: z.nullish(z.boolean()),
  decidedBy: z.nullish(z.object({ _id: id, name: z.string() })),
});
export type QueueRow = z.output<typeof queueRowSchema>;

/** A report of a case, in full. */
export const caseReportSchema = z.object({
  _id: id,
  message: z.string(),
  reporter: z.nullable(memberRefSchema),
  createdAt: isoDate,
  status: z.enum(['Open', 'Actioned', 'Dismissed']),
  /** The Report Element whose message the report's is (null: free text). */
  policy: z.nullish(z.object({ _id: id, name: z.string() })),
});
export type CaseReport = z.output<typeof caseReportSchema>;

/** A contact message escalated into the case ('contact-status'). */
export const caseContactSchema = z.object({
  _id: id,
  title: z.string(),
  email: z.string(),
  description: z.string(),
  createdAt: isoDate,
});

/** The member a case is about, with what a moderator needs first. */
export const caseMemberSchema = z.object({
  _id: id,
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  /** The member's photos' URLs (the first is the profile picture). */
  photos: z.array(z.string()),
  /** Whole years, or null when no birth date is known. */
  age: z.nullable(z.number()),
  joinedAt: isoDate,
  lastActiveAt: z.nullable(isoDate),
  verified: z.boolean(),
  /** Strikes: restrictions within the strike period, not reversed; reversed ones counted apart. */
  strikes: z.object({ active: z.number(), reversed: z.number() }),
  restriction: z.nullable(
    z.object({
      _id: id,
      reference: z.string(),
      policy: z.object({ name: z.string() }),
      endsAt: z.nullable(isoDate),
      createdAt: isoDate,
    }),
  ),
  /** Reports on the member outside this case (decided or in other items), and their restrictions ever. */
  earlierReports: z.number(),
  earlierRestrictions: z.number(),
});
export type CaseMember = z.output<typeof caseMemberSchema>;

/** GET /api/review-queue/{id}/case: { success, message, result: CaseAnswer }, one request for the whole case. */
export const caseAnswerSchema = z.object({
  item: queueRowSchema,
  /** Every report in the case (the oldest first, at most CASE_REPORTS_MAX); a decided case keeps its reports. */
  reports: z.array(caseReportSchema),
  contacts: z.array(caseContactSchema),
  /** null: a case with no member (a contact message that names none), or the member was deleted. */
  member: z.nullable(caseMemberSchema),
});
export type CaseAnswer = z.output<typeof caseAnswerSchema>;

/** The restriction input of contract/restrictions.ts, as the decide body carries it. */
const restrictionInputSchema = z.object({
  policyId: z.string(),
  facts: z.string(),
  endsAt: z.nullable(z.string()),
  withheldReason: z.optional(z.string()),
  replaces: z.optional(z.string()),
});
/** The fields of RestrictionInput but closeReports (a case's reports always close under it). */
export type CaseRestrictionInput = Omit<RestrictionInput, 'closeReports'>;

export const DECIDE_ACTIONS = ['dismiss', 'warn', 'restrict', 'escalate', 'release'] as const;
export type DecideAction = (typeof DECIDE_ACTIONS)[number];

/**
 * POST /api/review-queue/{id}/decide, one of:
 * - dismiss { reason }: every Open report in the case Dismissed (the reason its note); the case done.
 * - warn { message, templateId? }: the member is mailed the message (no strike), every Open report Actioned.
 * - restrict { restriction }: services/restrictions.ts restrict() with the case's reports closed under it.
 * - escalate { levelId, assigneeId | 'owners' }: the case takes the level and goes to the admin (claimed by them) or,
 *   for 'owners', back to the queue unclaimed at that level.
 * - release: back to the queue, unclaimed.
 * Answers { success, message, result: { item: QueueRow, next: QueueRow | null } } (next: the item claim-next would
 * give, not claimed, for "decide and next" to prefetch).
 */
export const decideBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('dismiss'), reason: z.string() }),
  z.object({ action: z.literal('warn'), message: z.string(), templateId: z.optional(z.string()) }),
  z.object({ action: z.literal('restrict'), restriction: restrictionInputSchema }),
  z.object({
    action: z.literal('escalate'),
    levelId: z.string(),
    assigneeId: z.union([z.literal('owners'), z.string()]),
  }),
  z.object({ action: z.literal('release') }),
]);
export type DecideBody = z.output<typeof decideBodySchema>;

export const decideAnswerSchema = z.object({ item: queueRowSchema, next: z.nullable(queueRowSchema) });
export type DecideAnswer = z.output<typeof decideAnswerSchema>;

/** GET /api/review-queue/stats?from&to (ISO dates; default the last 30 days): items due in the period. */
export const statsAnswerSchema = z.object({
  from: isoDate,
  to: isoDate,
  /** Per level: items done in the period by their target (met) and after it (missed); items not done past it now. */
  levels: z.array(z.object({ level: levelSchema, met: z.number(), missed: z.number(), overdue: z.number() })),
  /** Per admin who decided items done in the period: how many, and the median and mean handling minutes. */
  admins: z.array(
    z.object({
      admin: z.object({ _id: id, name: z.string() }),
      decided: z.number(),
      medianMinutes: z.number(),
      meanMinutes: z.number(),
    }),
  ),
});
export type StatsAnswer = z.output<typeof statsAnswerSchema>;

/** Where an item stands against its target at `now`. */
export function targetState(
  item: { targetAt: string | null; doneAt?: string | null; targetMet?: boolean | null },
  now: number,
): TargetState | null {
  if (!item.targetAt) return null;
  if (item.doneAt) return item.targetMet ? 'met' : 'missed';
  return now > Date.parse(item.targetAt) ? 'overdue' : 'due';
}
