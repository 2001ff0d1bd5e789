import { Group, NativeSelect, Text } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronLeftPipe,
  IconChevronRight,
  IconChevronRightPipe,
  type Icon,
} from '@tabler/icons-react';
import { useId } from 'react';
import { PAGE_SIZES } from '@/lib/list-state';
import './pagination-bar.css';

type PaginationBarProps = {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
};

/**
 * The page numbers to show: the first and last, the current one with one neighbour each side, and '…' for the gaps
 * (always seven entries once there are more than seven pages, so the row keeps its width while paging).
 */
export function pageItems(pages: number, active: number): (number | 'dots')[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, index) => index + 1);
  if (active <= 4) return [1, 2, 3, 4, 5, 'dots', pages];
  if (active >= pages - 3) return [1, 'dots', pages - 4, pages - 3, pages - 2, pages - 1, pages];
  return [1, 'dots', active - 1, active, active + 1, 'dots', pages];
}

function EdgeButton({
  label,
  icon: EdgeIcon,
  target,
  disabled,
  onPage,
}: {
  label: string;
  icon: Icon;
  target: number;
  disabled: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <button
      type="button"
      className="page-button mantine-focus-auto"
      aria-label={label}
      disabled={disabled}
      onClick={() => onPage(target)}
    >
      <EdgeIcon size={16} aria-hidden />
    </button>
  );
}

/**
 * Page links, the page-size control and where the admin is in the list. Plain buttons rather than Mantine's
 * Pagination, whose code would be a tenth of a list's first load.
 */
/** A count as an admin reads it at the product's size: 1,000,000, not 1000000. */
const count = (value: number) => value.toLocaleString('en-US');

export function PaginationBar({ page, size, total, onPage, onSize }: PaginationBarProps) {
  const pages = Math.max(1, Math.ceil(total / size));
  const active = Math.min(page, pages);
  const first = total === 0 ? 0 : (page - 1) * size + 1;
  const last = Math.min(total, page * size);
  const sizeId = useId();
  return (
    <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed">
        {total === 0 ? 'No entries' : `Showing ${count(first)}–${count(last)} of ${count(total)}`}
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
        <nav aria-label="Pages" className="page-buttons">
          <EdgeButton
            label="First page"
            icon={IconChevronLeftPipe}
            target={1}
            disabled={active === 1}
            onPage={onPage}
          />
          <EdgeButton
            label="Previous page"
            icon={IconChevronLeft}
            target={active - 1}
            disabled={active === 1}
            onPage={onPage}
          />
          {pageItems(pages, active).map((item, index) =>
            item === 'dots' ? (
              <span key={`dots-${index}`} className="page-dots" aria-hidden>
                …
              </span>
            ) : (
              <button
                key={item}
                type="button"
                className="page-button mantine-focus-auto"
                aria-label={`Page ${item}`}
                aria-current={item === active ? 'page' : undefined}
                onClick={() => onPage(item)}
              >
                {item}
              </button>
            ),
          )}
          <EdgeButton
            label="Next page"
            icon={IconChevronRight}
            target={active + 1}
            disabled={active === pages}
            onPage={onPage}
          />
          <EdgeButton
            label="Last page"
            icon={IconChevronRightPipe}
            target={pages}
            disabled={active === pages}
            onPage={onPage}
          />
        </nav>
      </Group>
    </Group>
  );
}
