import { Center, Stack, Text } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import './data-table.css';
import { ErrorState } from '../page-kit/error-state';

/** One column as the table draws it: its header (a sort button, a checkbox) and its cell, nothing about data. */
export type TableColumn<Row> = {
  header: ReactNode;
  /** The cell's label on a phone, where rows become cards; defaults to the header when that is a string. */
  label?: string;
  /** `index` counts from 0 within the rows shown; `#` columns add the page offset themselves. */
  cell: (row: Row, index: number) => ReactNode;
  width?: number | string;
  /** A sortable column's order, said to assistive technology on its header (its header holds the sort button). */
  sort?: 'ascending' | 'descending' | 'none';
  /** A column of controls a phone's card layout keeps in its header line (the page's checkbox, sort buttons). */
  control?: boolean;
};

type DataTableProps<Row> = {
  columns: TableColumn<Row>[];
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

function columnLabel<Row>(column: TableColumn<Row>) {
  return column.label ?? (typeof column.header === 'string' ? column.header : undefined);
}

/**
 * A list's table with its three other states kept distinct: loading, error and empty. On a phone each row is shown
 * as a card of "label: value" lines (data-table.css), so every column and action stays reachable; the explicit
 * roles keep it a table for assistive technology, whatever the CSS display.
 */
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
      <table className="data-table" role="table" aria-label={label} aria-busy={loading}>
        <thead
          role="rowgroup"
          className={
            columns.some((column) => column.control || column.sort) ? 'data-table-controls' : undefined
          }
        >
          <tr role="row">
            {columns.map((column, index) => (
              <th
                key={index}
                scope="col"
                role="columnheader"
                style={{ width: column.width }}
                aria-sort={column.sort}
                className={column.control || column.sort ? 'data-table-control' : undefined}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {loading && !rows
            ? Array.from({ length: SKELETON_ROWS }, (_, row) => (
                <tr key={row} aria-hidden>
                  {columns.map((_column, cell) => (
                    <td key={cell}>
                      <div className="data-table-skeleton" />
                    </td>
                  ))}
                </tr>
              ))
            : rows?.map((row, index) => (
                <tr key={rowKey(row)} role="row">
                  {columns.map((column, cell) => (
                    <td key={cell} role="cell" data-label={columnLabel(column)}>
                      {column.cell(row, index)}
                    </td>
                  ))}
                </tr>
              ))}
          {!loading && rows?.length === 0 ? (
            <tr role="row">
              <td colSpan={columns.length} role="cell">
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
