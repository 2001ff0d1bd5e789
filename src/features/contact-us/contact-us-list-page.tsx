import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Column } from '@/components/data-table';
import { PageCard } from '@/components/page-card';
import { PagedTable } from '@/components/paged-table';
import { TruncatedText } from '@/components/truncated-text';
import { formatDateTime } from '@/lib/format';
import { useListParams } from '@/lib/list-params';
import { contactResource, type ContactMessage } from './api';
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
  const paging = useListParams();
  const query = useQuery(contactResource.queries.page({ page: paging.page, size: paging.size }));
  return (
    <PageCard title={CONTACT_TEXT.listTitle}>
      <PagedTable
        label={CONTACT_TEXT.listTitle}
        query={query}
        paging={paging}
        columns={columns}
        rowKey={(row) => row._id}
        emptyText={CONTACT_TEXT.empty}
      />
    </PageCard>
  );
}
