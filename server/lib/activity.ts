import type { Db } from '../db/connection';
import type { RecordType } from '../../contract/activity';
import { fieldLabel } from '../../contract/field-labels';
import { TEXT_MAX } from '../../contract/limits';
import type { ActivityAction } from '../../contract/moderation';
import { newId } from './ids';

/**
 * The activity log (announced as 'activity-log'): one entry per admin write, appended in the write's own transaction
 * (a write that fails or is refused leaves none), never changed or deleted (db/migrations.ts step 5's triggers).
 */

/** How to tell whether a record of each type still exists. */
const RECORD_LOOKUPS: Record<RecordType, string> = {
  user: "SELECT 1 FROM users WHERE id = ? AND role = 'user'",
  admin: "SELECT 1 FROM users WHERE id = ? AND role = 'admin'",
  plan: 'SELECT 1 FROM plans WHERE id = ?',
  offer: 'SELECT 1 FROM offers WHERE id = ?',
  event: 'SELECT 1 FROM events WHERE id = ?',
  post: 'SELECT 1 FROM posts WHERE id = ?',
  blog: 'SELECT 1 FROM blogs WHERE id = ?',
  'blog-category': 'SELECT 1 FROM blog_categories WHERE id = ?',
  faq: 'SELECT 1 FROM faqs WHERE id = ?',
  university: 'SELECT 1 FROM universities WHERE id = ?',
  hobbies: 'SELECT 1 FROM hobbies WHERE id = ?',
  language: 'SELECT 1 FROM languages WHERE id = ?',
  'food-preference': 'SELECT 1 FROM food_preferences WHERE id = ?',
  'religious-belief': 'SELECT 1 FROM religious_beliefs WHERE id = ?',
  'event-category': 'SELECT 1 FROM event_categories WHERE id = ?',
  'looking-for': 'SELECT 1 FROM looking_for WHERE id = ?',
  'report-element': 'SELECT 1 FROM report_elements WHERE id = ?',
  setting: 'SELECT 1 FROM settings WHERE id = ?',
  mail: 'SELECT 1 FROM mails WHERE id = ?',
  'chat-report': 'SELECT 1 FROM chat_reports WHERE id = ?',
};

/** The longest summary an entry keeps; a text value in it is cut at TEXT_IN_SUMMARY characters. */
const SUMMARY_MAX = TEXT_MAX.activity.summary;
const TEXT_IN_SUMMARY = 40;
const NAME_MAX = TEXT_MAX.activity.recordName;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** At most `max` UTF-16 units, the ellipsis included, cut between grapheme clusters (an emoji or a flag stays whole). */
function cut(value: string, max: number): string {
  if (value.length <= max) return value;
  let end = 0;
  for (const { index, segment } of graphemes.segment(value)) {
    if (index + segment.length > max - 1) break;
    end = index + segment.length;
  }
  return `${value.slice(0, end)}…`;
}

/**
 * One changed value, as a summary shows it. Text is quoted and cut; HTML and files only say that they changed (never a
 * body or a path); a status reads Active / Inactive; a password is never shown, only that it changed.
 */
export type Change =
  | { name: string; kind: 'text' | 'number' | 'date' | 'bool' | 'status'; before: unknown; after: unknown }
  | { name: string; kind: 'html' | 'file' | 'password' };

function shown(kind: 'text' | 'number' | 'date' | 'bool' | 'status', value: unknown): string {
  if (value === null || value === undefined || value === '') return kind === 'text' ? '""' : '—';
  switch (kind) {
    case 'text':
      return `"${cut(String(value), TEXT_IN_SUMMARY)}"`;
    case 'date':
      return String(value).slice(0, 10);
    case 'bool':
      return value === 1 || value === true ? 'Yes' : 'No';
    case 'status':
      return value === 1 || value === true ? 'Active' : 'Inactive';
    case 'number':
      return String(value);
  }
}

/**
 * 'Name: "Yoga" → "Hot yoga"; Status: Active → Inactive; Icon replaced', at most SUMMARY_MAX characters: each field
 * named by its label on the record type's screen (field-labels.ts), since people read the log.
 */
export function summarise(changes: Change[], recordType?: RecordType): string {
  const parts = changes.flatMap((change) => {
    const label = fieldLabel(recordType, change.name);
    switch (change.kind) {
      case 'html':
        return [`${label} changed`];
      case 'file':
        return [`${label} replaced`];
      case 'password':
        return ['Password changed'];
      default:
        if (change.before === change.after) return [];
        return [`${label}: ${shown(change.kind, change.before)} → ${shown(change.kind, change.after)}`];
    }
  });
  return parts.length ? cut(parts.join('; '), SUMMARY_MAX) : 'No changes';
}

/** The name an entry shows for a record: its name, title, question or message, whichever it has. */
export function recordNameOf(row: Record<string, unknown>): string {
  const name = [row.name, row.title, row.question, row.message].find((value) => typeof value === 'string');
  return cut(String(name ?? ''), NAME_MAX);
}

export type ActivityInput = {
  action: ActivityAction;
  recordType: RecordType;
  recordId: string | null;
  recordName: string;
  summary: string;
  reason?: string | null;
};

export type ActivityRow = {
  id: string;
  created_at: string;
  admin_id: string | null;
  admin_name: string;
  admin_email: string;
  action: ActivityAction;
  record_type: RecordType;
  record_id: string | null;
  record_name: string;
  summary: string;
  reason: string | null;
};

/**
 * Appends entries. `record` must run inside the write's transaction (db.transaction, or keeper.commit's write), so
 * the entry and the write commit or roll back together. The admin's name and e-mail are copied into the entry.
 */
export function activityLog(db: Db) {
  const adminOf = db.prepare<[string], { name: string; surname: string; email: string }>(
    'SELECT name, surname, email FROM users WHERE id = ?',
  );
  const insert = db.prepare(
    `INSERT INTO activity (id, created_at, admin_id, admin_name, admin_email, action, record_type, record_id,
       record_name, summary, reason)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const lookups = Object.fromEntries(
    Object.entries(RECORD_LOOKUPS).map(([type, sql]) => [type, db.prepare<[string]>(sql)]),
  ) as Record<RecordType, ReturnType<typeof db.prepare<[string]>>>;

  return {
    record(adminId: string, entry: ActivityInput) {
      const admin = adminOf.get(adminId);
      const at = new Date();
      insert.run(
        newId(at),
        at.toISOString(),
        adminId,
        admin ? `${admin.name} ${admin.surname}`.trim() : '',
        admin?.email ?? '',
        entry.action,
        entry.recordType,
        entry.recordId,
        cut(entry.recordName, NAME_MAX),
        cut(entry.summary, SUMMARY_MAX),
        entry.reason || null,
      );
    },
    /** An entry as the API answers it. */
    serialize(row: ActivityRow) {
      return {
        _id: row.id,
        createdAt: row.created_at,
        admin: row.admin_id ? { _id: row.admin_id, name: row.admin_name, email: row.admin_email } : null,
        action: row.action,
        recordType: row.record_type,
        recordId: row.record_id,
        recordName: row.record_name,
        summary: row.summary,
        reason: row.reason,
        exists: Boolean(row.record_id && lookups[row.record_type]?.get(row.record_id)),
      };
    },
  };
}

export type ActivityLog = ReturnType<typeof activityLog>;
