import { IconUserOff } from '@tabler/icons-react';
import { column, sortable } from '@/lib/declared-columns';
import { definePagedList } from './define-paged-list';

/**
 * Chat Block (SPEC 2.21, 3, 7.9): a card titled Chat Block over a server-paginated table: who blocked whom (links),
 * the message cut at about 200 px (a dash when empty) and the date like MMMM DD, YYYY hh:mm A.
 */
export const chatBlock = definePagedList({
  key: 'chat-block',
  title: 'Chat Block',
  menuIcon: IconUserOff,
  route: '/chat-block',
  permission: 'blocks.read',
  api: 'chat-block/list',
  record: { blockBy: 'person', blockedUser: 'person', message: 'text', created: 'date' },
  columns: [
    column.user('Blocked By', 'blockBy'),
    column.user('Blocked User', 'blockedUser'),
    column.truncated('Message', 'message'),
    sortable(column.dateTime('Created At', 'created'), 'created'),
  ],
  emptyText: 'No blocks yet',
});
