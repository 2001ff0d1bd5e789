import { Anchor, Badge, Box, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  userName,
  valueAt,
  type DeclaredColumn,
  type DeclaredColumnKind,
  type DeclaredRow,
  type PeopleColumn,
} from '@/lib/declared-columns';
import { formatDate, formatLocaleDate, formatSpecDateTime, formatTimeOfDay } from '@/lib/format';
import type { ListColumn } from '@/components/list-kit/list-controller';
import { mediaUrl } from '@/lib/media';
import { HtmlViewer } from './html-viewer';
import { StatusBadge } from './list-kit/status-badge';
import { TruncatedText } from './truncated-text';
import { UserLink } from './user-link';

/** What the list's feature adds to the shared cells: the cells only it can draw, and what they need of the list. */
export type FeatureCells<Row> = {
  /** A `people` column's cell (a catalogue's dialog of users), showing `total`, the text the column exports. */
  people?: (column: PeopleColumn, row: Row, total: number) => ReactNode;
  /** The `actions` column's cell (edit, delete). */
  actions?: (row: Row) => ReactNode;
  /** The `icon` column's image for a row without one. */
  defaultIcon?: string;
  /** The number of the first row shown, for an `index` column. */
  first?: number;
};

/** The kinds a list of every record sorts by in the browser: those that show one text. */
const BROWSER_SORTED = new Set<DeclaredColumnKind>([
  'text',
  'email',
  'truncated',
  'dateTime',
  'date',
  'range',
  'user',
  'status',
]);

/** A field's value as text ('' when missing). */
function textAt(row: object, path: string) {
  const value = valueAt(row, path);
  return value === null || value === undefined ? '' : String(value);
}

/** A date field as a number a browser sort compares (0 when missing). */
const timeAt = (row: object, path: string) => new Date(textAt(row, path) || 0).getTime() || 0;

const pastAt = (row: object, path: string) => {
  const time = timeAt(row, path);
  return time > 0 && time < Date.now();
};

/** A cell, and the text it shows: what export writes and a browser sort compares (none for controls). */
type Shown<Row> = Pick<ListColumn<Row>, 'cell' | 'text' | 'value' | 'html'>;

function shown<Row extends DeclaredRow>(declared: DeclaredColumn, cells: FeatureCells<Row>): Shown<Row> {
  switch (declared.kind) {
    case 'index': {
      const first = cells.first ?? 1;
      return { cell: (_row, index) => first + index };
    }
    case 'text': {
      const { field, below } = declared;
      const main = (row: Row) => textAt(row, field) || '-';
      const under = (row: Row) => (below ? textAt(row, below) : '');
      return {
        text: (row) => [main(row), under(row)].filter(Boolean).join(' '),
        cell: (row) =>
          below ? (
            <Stack gap={0}>
              <Text size="sm">{main(row)}</Text>
              <Text size="xs" c="dimmed">
                {under(row)}
              </Text>
            </Stack>
          ) : (
            <Text size="sm">{main(row)}</Text>
          ),
      };
    }
    case 'email': {
      const { field } = declared;
      return {
        text: (row) => textAt(row, field) || '-',
        cell: (row) => {
          const address = textAt(row, field);
          return address ? (
            <Anchor href={`mailto:${address}`} size="sm">
              {address}
            </Anchor>
          ) : (
            '-'
          );
        },
      };
    }
    case 'truncated': {
      const { field } = declared;
      return {
        text: (row) => (textAt(row, field).trim() ? textAt(row, field) : '-'),
        cell: (row) => <TruncatedText text={textAt(row, field)} />,
      };
    }
    case 'dateTime': {
      const { field } = declared;
      const text = (row: Row) => formatSpecDateTime(textAt(row, field));
      return {
        text,
        value: (row) => timeAt(row, field),
        cell: (row) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {text(row)}
          </Text>
        ),
      };
    }
    case 'date': {
      const { field, pastLabel, locale } = declared;
      const format = locale ? formatLocaleDate : formatDate;
      const date = (row: Row) => format(textAt(row, field) || null);
      const past = (row: Row) => (pastLabel && pastAt(row, field) ? pastLabel : '');
      return {
        text: (row) => [date(row), past(row)].filter(Boolean).join(' '),
        value: (row) => timeAt(row, field),
        cell: (row) => (
          <Group gap={6} wrap="nowrap">
            <span style={{ whiteSpace: 'nowrap' }}>{date(row)}</span>
            {past(row) ? (
              <Badge color="red" variant="light" size="sm">
                {past(row)}
              </Badge>
            ) : null}
          </Group>
        ),
      };
    }
    case 'html': {
      const { field, header, label = `View ${header}` } = declared;
      return {
        // Export writes the text the HTML shows (lib/list-export.ts applies htmlText on its own, lazy, side).
        text: (row) => textAt(row, field),
        html: true,
        cell: (row) => <HtmlViewer title={header} html={textAt(row, field)} label={label} />,
      };
    }
    case 'image': {
      const { field, header } = declared;
      return {
        cell: (row) => {
          const src = mediaUrl(textAt(row, field) || null);
          return src ? <Thumbnail src={src} alt={header} radius="md" /> : '-';
        },
      };
    }
    case 'icon':
      return {
        cell: (row) => (
          <Thumbnail
            src={mediaUrl(textAt(row, 'icon') || null) ?? cells.defaultIcon}
            fallback={cells.defaultIcon}
            alt={`${textAt(row, 'name')} icon`}
            radius="xl"
          />
        ),
      };
    case 'range': {
      const { from, to } = declared;
      const text = (row: Row) =>
        `${formatTimeOfDay(valueAt(row, from))} - ${formatTimeOfDay(valueAt(row, to))}`;
      return { text, cell: (row) => <span style={{ whiteSpace: 'nowrap' }}>{text(row)}</span> };
    }
    case 'user':
      return {
        text: (row) => userName(declared.user(row)),
        cell: (row) => <UserLink user={declared.user(row)} />,
      };
    case 'people': {
      const draw = need(cells.people, declared);
      const total = (row: Row) => {
        const counted = declared.count ? valueAt(row, declared.count) : null;
        const inline = valueAt(row, declared.field);
        return typeof counted === 'number' ? counted : Array.isArray(inline) ? inline.length : 0;
      };
      return {
        text: (row) => total(row).toLocaleString('en-US'),
        cell: (row) => draw(declared, row, total(row)),
      };
    }
    case 'status':
      return {
        text: (row) => (row.enabled ? 'Active' : 'Inactive'),
        cell: (row) => <StatusBadge enabled={Boolean(row.enabled)} />,
      };
    case 'actions': {
      const draw = need(cells.actions, declared);
      return { cell: (row) => draw(row) };
    }
  }
}

/**
 * A 50x50 picture, cropped to fill, with `fallback` in place of one that fails to load. A plain img rather than
 * Mantine's Image, whose chunk (0.5 KiB gzip) would be in every declared list's first load.
 */
function Thumbnail({
  src,
  fallback,
  alt,
  radius,
}: {
  src?: string;
  fallback?: string;
  alt: string;
  radius: string;
}) {
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      w={50}
      h={50}
      style={{ display: 'block', objectFit: 'cover', borderRadius: `var(--mantine-radius-${radius})` }}
      onError={(event) => {
        const image = event.currentTarget;
        if (fallback && image.getAttribute('src') !== fallback) image.src = fallback;
      }}
    />
  );
}

/** A feature's cell that a declared column needs (a programming error when the list does not pass it). */
function need<Cell>(cell: Cell | undefined, declared: DeclaredColumn): Cell {
  if (!cell) throw new Error(`The ${declared.kind} column '${declared.header}' needs its list's cell`);
  return cell;
}

/**
 * A declared column as the list controller's (components/list-kit/list-controller.ts): its cell, the text the cell shows (exported
 * as CSV; none for images and controls), how a list of every record sorts it in the browser, and its API sort field.
 * `id` names it in the list (a browser-sorted list's `sort` in the URL).
 */
export function declaredColumn<Row extends DeclaredRow>(
  declared: DeclaredColumn,
  id: string,
  cells: FeatureCells<Row> = {},
): ListColumn<Row> {
  return {
    id,
    header: declared.header,
    ...shown(declared, cells),
    sortable: BROWSER_SORTED.has(declared.kind),
    sortField: declared.sort,
  };
}

/**
 * A declaration's columns, each named by its field (a browser-sorted list's `?sort=name`), or by its kind and place
 * when it has none (`status3`).
 */
export const declaredColumns = <Row extends DeclaredRow>(
  declared: readonly DeclaredColumn[],
  cells: FeatureCells<Row> = {},
) =>
  declared.map((column, index) =>
    declaredColumn(column, 'field' in column ? column.field : `${column.kind}${index}`, cells),
  );
