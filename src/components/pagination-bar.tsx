import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { useId } from 'react';
import { PAGE_SIZES } from '@/lib/list-params';

type PaginationBarProps = {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
};

/** Page links, the page-size control and where the admin is in the list. */
export function PaginationBar({ page, size, total, onPage, onSize }: PaginationBarProps) {
  const pages = Math.max(1, Math.ceil(total / size));
  const first = total === 0 ? 0 : (page - 1) * size + 1;
  const last = Math.min(total, page * size);
  const sizeId = useId();
  return (
    <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed">
        {total === 0 ? 'No entries' : `Showing ${first}–${last} of ${total}`}
      </Text>
      <Group gap="sm" wrap="wrap">
        <Text component="label" htmlFor={sizeId} size="sm">
          Rows per page
        </Text>
        <NativeSelect
          id={sizeId}
          data={PAGE_SIZES.map((value) => ({ value: String(value), label: String(value) }))}
          value={String(size)}
          onChange={(event) => onSize(Number(event.currentTarget.value))}
          w={80}
          size="xs"
        />
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPage}
          size="sm"
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          getControlProps={(control) => ({
            'aria-label': {
              first: 'First page',
              last: 'Last page',
              next: 'Next page',
              previous: 'Previous page',
            }[control],
          })}
        />
      </Group>
    </Group>
  );
}
