import { Center, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ErrorState } from './error-state';

export type Column<Row> = {
  header: ReactNode;
  /** `index` counts from 0 within the rows shown; `#` columns add the page offset themselves. */
  cell: (row: Row, index: number) => ReactNode;
  width?: number | string;
};

type DataTableProps<Row> = {
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  /** True until the first answer arrives. */
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  emptyText?: string;
  label: string;
};

const SKELETON_ROWS = 5;

/** A list's table with its three other states kept distinct: loading, error and empty. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  loading,
  error,
  onRetry,
  emptyText = 'No records found',
  label,
}: DataTableProps<Row>) {
  if (error && !rows) return <ErrorState error={error} onRetry={onRetry} />;

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={label} aria-busy={loading}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              <Table.Th key={index} style={{ width: column.width }}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && !rows
            ? Array.from({ length: SKELETON_ROWS }, (_, row) => (
                <Table.Tr key={row} aria-hidden>
                  {columns.map((_column, cell) => (
                    <Table.Td key={cell}>
                      <Skeleton height={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : rows?.map((row, index) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column, cell) => (
                    <Table.Td key={cell}>{column.cell(row, index)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
          {!loading && rows?.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Center py="xl">
                  <Stack align="center" gap={4}>
                    <IconDatabaseOff size={32} stroke={1.5} aria-hidden />
                    <Text c="dimmed">{emptyText}</Text>
                  </Stack>
                </Center>
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
