import { IconAddressBook } from '@tabler/icons-react';
import { column, sortable } from '@/lib/declared-columns';
import { definePagedList } from './define-paged-list';

/** Contact Us (SPEC 2.15, 7.9): read-only, paginated; GET /api/contact-us/list?page&limit. */
export const contactUs = definePagedList({
  key: 'contact-us',
  title: 'Contact Us',
  menuIcon: IconAddressBook,
  route: '/contact-us',
  permission: 'contacts.read',
  api: 'contact-us/list',
  record: { title: 'text', email: 'text', phoneNo: 'text', description: 'text', created: 'date' },
  columns: [
    sortable(column.text('Title', 'title'), 'title'),
    sortable(column.email('Email', 'email'), 'email'),
    column.text('Phone No', 'phoneNo'),
    column.truncated('Message', 'description'),
    sortable(column.dateTime('Created At', 'created'), 'created'),
  ],
  emptyText: 'No contact messages yet',
});
