import { Center, Skeleton, Stack, Text } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import './data-table.css';
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
    <div className="data-table-scroll">
      <table className="data-table" aria-label={label} aria-busy={loading}>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" style={{ width: column.width }}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading && !rows
            ? Array.from({ length: SKELETON_ROWS }, (_, row) => (
                <tr key={row} aria-hidden>
                  {columns.map((_column, cell) => (
                    <td key={cell}>
                      <Skeleton height={14} radius="sm" />
                    </td>
                  ))}
                </tr>
              ))
            : rows?.map((row, index) => (
                <tr key={rowKey(row)}>
                  {columns.map((column, cell) => (
                    <td key={cell}>{column.cell(row, index)}</td>
                  ))}
                </tr>
              ))}
          {!loading && rows?.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>
                <Center py="xl">
                  <Stack align="center" gap={4}>
                    <IconDatabaseOff size={32} stroke={1.5} aria-hidden />
                    <Text c="dimmed">{emptyText}</Text>
                  </Stack>
                </Center>
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
