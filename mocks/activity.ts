import { fieldLabel } from '@contract/field-labels';
import { TEXT_MAX } from '@contract/limits';
import type { ActivityAction } from '@contract/moderation';
import { db, nextId } from './db';

/** An activity entry as stored ('activity-log'): whether its record still exists is worked out when it is read. */
export type MockActivity = {
  _id: string;
  createdAt: string;
  admin: { _id: string; name: string; email: string } | null;
  action: ActivityAction;
  recordType: string;
  recordId: string | null;
  recordName: string;
  summary: string;
  reason: string | null;
};

/** A catalogue's db collection ('foodpreference', from its list path) as the record type the log names. */
const COLLECTION_TYPES: Record<string, string> = {
  foodpreference: 'food-preference',
  religiousbelief: 'religious-belief',
  eventcategory: 'event-category',
  lookingfor: 'looking-for',
  reportelement: 'report-element',
};
export const recordTypeOf = (collection: string) => COLLECTION_TYPES[collection] ?? collection;

/** The record an entry names, if it is still in the db. */
function recordExists(recordType: string, recordId: string | null): boolean {
  if (recordId === null) return false;
  const has = (rows: { _id: string }[] | undefined) => rows?.some((row) => row._id === recordId) ?? false;
  switch (recordType) {
    case 'user':
      return has(db.users);
    case 'admin':
      return db.admin._id === recordId || has(db.admins);
    case 'faq':
      return has(db.faqs);
    case 'post':
      return has(db.posts);
    case 'mail':
      return has(db.mails);
    case 'chat-report':
      return has(db.chatReports);
    case 'session':
      return has(db.sessions);
    default:
      return Object.entries(db.catalogues).some(
        ([collection, rows]) => recordTypeOf(collection) === recordType && has(rows),
      );
  }
}

export const activityAnswer = (entry: MockActivity) => ({
  ...entry,
  exists: recordExists(entry.recordType, entry.recordId),
});

/**
 * Appends one entry for a successful admin write (contract: exactly one per write, by the signed-in admin), newest
 * first. Call it only after the write has been made, so a refused write appends none. A refused sign-in is logged
 * with no admin (`signedIn: false`).
 */
export function recordActivity(
  entry: Pick<MockActivity, 'action' | 'recordType' | 'recordName' | 'summary'> & {
    recordId: string | null;
    reason?: string | null;
  },
  { signedIn = true } = {},
) {
  const { _id, name, surname, email } = db.admin;
  db.activity.unshift({
    _id: nextId(),
    createdAt: new Date().toISOString(),
    // A refused sign-in is no signed-in admin's doing.
    admin: signedIn ? { _id, name: [name, surname].filter(Boolean).join(' '), email } : null,
    reason: null,
    ...entry,
  });
}

const SUMMARY_MAX = TEXT_MAX.activity.summary;

/**
 * What an update changed, as the log words it: `Name: "Yoga" → "Hot yoga"; Status: Active → Inactive`, 'Answer
 * changed' for an HTML field, 'Icon replaced' for a file, each field by the server's label for it (fieldLabel);
 * never a password or a whole HTML body.
 */
export function changeSummary(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  html: readonly string[] = [],
): string {
  const quoted = (value: unknown) => JSON.stringify(String(value ?? '')).slice(0, 60);
  const parts = Object.keys(after)
    .filter(
      (field) => field !== 'updatedAt' && JSON.stringify(before[field]) !== JSON.stringify(after[field]),
    )
    .map((field) => {
      const [was, now] = [before[field], after[field]];
      const label = fieldLabel(undefined, field);
      if (field === 'enabled')
        return `${label}: ${was ? 'Active' : 'Inactive'} → ${now ? 'Active' : 'Inactive'}`;
      if (html.includes(field)) return `${label} changed`;
      if (typeof now === 'string' && now.startsWith('data:')) return `${label} replaced`;
      if (['string', 'number', 'boolean'].includes(typeof now))
        return `${label}: ${quoted(was)} → ${quoted(now)}`;
      return `${label} changed`;
    });
  const summary = parts.join('; ') || 'No changes';
  return summary.length > SUMMARY_MAX ? `${summary.slice(0, SUMMARY_MAX - 1)}…` : summary;
}
