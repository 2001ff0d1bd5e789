import { IconMessageStar } from '@tabler/icons-react';
import { column, sortable } from '@/lib/declared-columns';
import { definePagedList } from './define-paged-list';

/** Feedbacks (SPEC 2.19, 3, 7.9): read-only, paginated; the author's name and e-mail, the rating, the message. */
export const feedbacks = definePagedList({
  key: 'feedbacks',
  title: 'Feedbacks',
  menuIcon: IconMessageStar,
  route: '/feedbacks',
  permission: 'feedback.read',
  api: 'feedback/list',
  record: { user: 'person', rating: 'number', description: 'text' },
  columns: [
    column.text('Name', 'user.fullName'),
    column.email('Email', 'user.email'),
    sortable(column.text('Rating', 'rating'), 'rating'),
    column.html('Message', 'description'),
  ],
  emptyText: 'No feedback yet',
});
