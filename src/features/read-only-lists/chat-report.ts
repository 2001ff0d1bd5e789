import { IconMessageReport } from '@tabler/icons-react';
import { column, sortable, type DeclaredRow } from '@/lib/declared-columns';
import { definePagedList, type Person, type Thread } from './define-paged-list';

const participants = (row: DeclaredRow) => (row.thread as Thread).user_id;

/**
 * Chat Report (SPEC 2.20, 3, 7.9, 8): read-only, paginated. The reporter is `user` (an id); the reported party is
 * the thread's other participant, and shows Unknown when the thread has none.
 */
export const chatReport = definePagedList({
  key: 'chat-report',
  title: 'Chat Report',
  menuIcon: IconMessageReport,
  route: '/chat-report',
  api: 'chat-report/list',
  record: { message: 'text', user: 'text', created: 'date', thread: 'thread' },
  columns: [
    column.user(
      'Reported By',
      (row): Person | null =>
        participants(row).find((person) => person._id === row.user) ??
        (row.user ? { _id: String(row.user), name: '', email: '' } : null),
    ),
    column.user('Reported To', (row) => participants(row).find((person) => person._id !== row.user) ?? null),
    column.truncated('Report Message', 'message'),
    sortable(column.dateTime('Reported At', 'created'), 'created'),
  ],
  emptyText: 'No chat reports yet',
});
