import { Anchor, Text } from '@mantine/core';
import type { Column } from '@/components/data-table';
import { PagedList } from '@/components/paged-list';
import { TruncatedText } from '@/components/truncated-text';
import { formatDateTime } from '@/lib/format';
import { contactQueries, type ContactMessage } from './api';
import { CONTACT_TEXT } from './strings';

const columns: Column<ContactMessage>[] = [
  { header: CONTACT_TEXT.title, cell: (row) => <Text size="sm">{row.title || '-'}</Text> },
  {
    header: CONTACT_TEXT.email,
    cell: (row) =>
      row.email ? (
        <Anchor href={`mailto:${row.email}`} size="sm">
          {row.email}
        </Anchor>
      ) : (
        '-'
      ),
  },
  { header: CONTACT_TEXT.phone, cell: (row) => <Text size="sm">{row.phoneNo || '-'}</Text> },
  { header: CONTACT_TEXT.message, cell: (row) => <TruncatedText text={row.description} /> },
  {
    header: CONTACT_TEXT.createdAt,
    cell: (row) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(row.created)}
      </Text>
    ),
  },
];

/** /contact-us (SPEC 2.15): read-only, paginated. */
export function ContactUsListPage() {
  return (
    <PagedList
      title={CONTACT_TEXT.listTitle}
      list={contactQueries}
      columns={columns}
      rowKey={(row) => row._id}
      emptyText={CONTACT_TEXT.empty}
    />
  );
}
