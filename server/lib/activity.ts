import type { RecordType } from '../../contract/activity';
import { fieldLabel } from '../../contract/field-labels';
import { TEXT_MAX } from '../../contract/limits';
import type { ActivityAction } from '../../contract/moderation';
import { existingIds, insertEntries, type ActivityRow, type EntryValues } from '../db/activity';
import type { Db } from '../db/postgres/db';
import { newId } from './ids';

/**
 * The activity log (announced as 'activity-log'): one entry per admin write, appended in the write's own transaction
 * (a write that fails or is refused leaves none), never changed or deleted (the triggers of db/postgres/migrations/001_schema.sql).
 */

/**
 * The table (and role) that holds each type's records: whether a record still exists is looked up there. The users
 * list an export names is no one record.
 */
type TableType = Exclude<RecordType, 'user-list'>;
const RECORD_TABLES: Record<TableType, { table: string; role?: 'user' | 'admin' }> = {
  user: { table: 'users', role: 'user' },
  admin: { table: 'users', role: 'admin' },
  plan: { table: 'plans' },
  offer: { table: 'offers' },
  event: { table: 'events' },
  post: { table: 'posts' },
  blog: { table: 'blogs' },
  'blog-category': { table: 'blog_categories' },
  faq: { table: 'faqs' },
  university: { table: 'universities' },
  hobbies: { table: 'hobbies' },
  language: { table: 'languages' },
  'food-preference': { table: 'food_preferences' },
  'religious-belief': { table: 'religious_beliefs' },
  'event-category': { table: 'event_categories' },
  'looking-for': { table: 'looking_for' },
  'report-element': { table: 'report_elements' },
  setting: { table: 'settings' },
  mail: { table: 'mails' },
  'chat-report': { table: 'chat_reports' },
  session: { table: 'admin_sessions' },
  contact: { table: 'contacts' },
  'notice-template': { table: 'notice_templates' },
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

/** '2 other sessions': how a summary counts the admin's other sessions a write ended. */
export const otherSessions = (n: number) => `${n} other session${n === 1 ? '' : 's'}`;

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

/** An entry as its row's values, at the time of the call. */
function entryRow(entry: ActivityInput, adminId: string | null): EntryValues {
  const at = new Date();
  return [
    newId(at),
    at.toISOString(),
    adminId,
    entry.action,
    entry.recordType,
    entry.recordId,
    cut(entry.recordName, NAME_MAX),
    cut(entry.summary, SUMMARY_MAX),
    entry.reason || null,
  ];
}

/** The entries a transaction has recorded, written together just before it commits. */
const entriesOf = new WeakMap<Db, EntryValues[]>();

/**
 * Appends entries and answers them. `record` takes the write's transaction (`tx`, inside db.transaction or
 * keeper.commit's write), so the entry and the write commit or roll back together; outside one it throws. The
 * transaction's entries are written last, in one statement just before it commits: the day counts they share with
 * every other write are the last shared rows it takes, in their key order (db/postgres/db.ts, SHARED_ROW_ORDER). The
 * admin's name and e-mail are copied into the entry; `adminId` is null for what no signed-in admin did (a refused
 * sign-in).
 */
export function activityLog(db: Db) {
  return {
    async record(tx: Db, adminId: string | null, entry: ActivityInput): Promise<void> {
      if (!tx.inTransaction) throw new Error("An activity entry is recorded in its write's transaction");
      const entries = entriesOf.get(tx);
      if (entries) return void entries.push(entryRow(entry, adminId));
      const first = [entryRow(entry, adminId)];
      entriesOf.set(tx, first);
      tx.beforeCommit(() => {
        entriesOf.delete(tx);
        return insertEntries(tx, first);
      });
    },
    /** Entries as the API answers them, each saying whether its record still exists (one query per record type). */
    async serialize(rows: readonly ActivityRow[]) {
      const existing = new Set<string>();
      const idsByType = new Map<TableType, string[]>();
      for (const row of rows) {
        const type = row.record_type as TableType;
        if (row.record_id && Object.hasOwn(RECORD_TABLES, type))
          idsByType.set(type, [...(idsByType.get(type) ?? []), row.record_id]);
      }
      await Promise.all(
        [...idsByType].map(async ([type, ids]) => {
          const { table, role } = RECORD_TABLES[type];
          for (const id of await existingIds(db, table, ids, role)) existing.add(`${type}|${id}`);
        }),
      );
      return rows.map((row) => ({
        _id: row.id,
        createdAt: row.created_at,
        admin: row.admin_id ? { _id: row.admin_id, name: row.admin_name, email: row.admin_email } : null,
        action: row.action,
        recordType: row.record_type,
        recordId: row.record_id,
        recordName: row.record_name,
        summary: row.summary,
        reason: row.reason,
        exists: Boolean(row.record_id && existing.has(`${row.record_type}|${row.record_id}`)),
      }));
    },
  };
}

export type ActivityLog = ReturnType<typeof activityLog>;

/**
 * Entries that no write carries (a refused sign-in, a call a role may not make), appended by group commit: the entries that
 * arrive while one statement is being written go together in the next. Alone, an entry is written at once; under a
 * flood of refusals the log costs one statement per batch, not one transaction (and one update of the day's shared
 * count rows) per refusal. Each caller waits until its own entry is committed.
 */
export function refusalLog(db: Db, maxBatch = 500) {
  let queue: { row: EntryValues; settle: (error?: unknown) => void }[] = [];
  let writing = false;
  async function drain() {
    writing = true;
    while (queue.length) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(maxBatch);
      let failure: unknown;
      try {
        await db.transaction((tx) =>
          insertEntries(
            tx,
            batch.map(({ row }) => row),
          ),
        );
      } catch (error) {
        failure = error ?? new Error('The activity entries could not be written');
      }
      for (const { settle } of batch) settle(failure);
    }
    writing = false;
  }
  return {
    /** `adminId` is the signed-in admin whose call was refused, or null (a refused sign-in). */
    append(adminId: string | null, entry: ActivityInput): Promise<void> {
      return new Promise((resolve, reject) => {
        queue.push({
          row: entryRow(entry, adminId),
          settle: (error) => (error ? reject(error) : resolve()),
        });
        if (!writing) void drain();
      });
    },
  };
}
