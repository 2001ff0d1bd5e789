import { api } from './data/api-client';
import { ApiError } from './core/api-error';
import { CSV_BOM, csvHeadings, csvRow, type CsvColumn } from '@contract/csv';
import { htmlText } from './html-text';
import type { Rows } from './data/resource';
import type { SearchParams } from './resource-calls';

// A list's export as CSV (DECISIONS, "Lists: sort, select, export"). Loaded with import() on the first click of
// Export CSV (components/list-kit/export-button.tsx), never in a first load. At a million users nothing holds the whole file
// as one string: each page's text, or each chunk of a streamed answer, becomes a Blob part, and the parts are folded
// into Blobs as they accumulate (which the browser may keep out of the JavaScript heap, on disk when large).

/** A visible column, in its order: its heading and the text the screen shows in it (Active, not true). */
export type ExportColumn<Row> = CsvColumn<Row>;

export type ExportSource<Row> =
  /** A listAll screen: the rows as shown (filtered, sorted). */
  | { kind: 'rows'; rows: readonly Row[] }
  /** A server-paged list: every page with the list's filters, search and sort. */
  | { kind: 'pages'; fetchPage: (page: number, size: number, signal: AbortSignal) => Promise<Rows<Row>> }
  /**
   * A server that announces a streaming CSV export (the users list with 'users-export': 'admin/list/export' and the
   * list's query string); the server writes the CSV itself, with its count in X-Total-Count.
   */
  | { kind: 'stream'; path: string; searchParams: SearchParams };

export type ExportJob<Row> = {
  /** The list's key: the file is saved as '<listKey>-YYYY-MM-DD.csv' on the day the export starts (exportFileName). */
  listKey: string;
  /**
   * The visible columns; those without text (controls: Action) are not written, and those whose text is HTML are
   * written as the text it shows (htmlText).
   */
  columns: readonly {
    header: string;
    text?: (row: Row) => string;
    html?: boolean;
    alsoExported?: readonly { header: string; text: (row: Row) => string }[];
  }[];
  source: ExportSource<Row>;
};

/** Rows written so far, of `total` when it is known. */
export type ExportProgress = { rows: number; total: number | null };

export type ExportResult = { file: Blob; rows: number };

/** The reference server's largest page: the fewest calls for a whole list. */
export const EXPORT_PAGE_SIZE = 100;

/** Parts kept apart before they are folded into one Blob. */
const PARTS_PER_BLOB = 64;

const CSV_TYPE = 'text/csv;charset=utf-8';

/** The file being written, as Blob parts. */
function blobParts() {
  let parts: BlobPart[] = [];
  return {
    add(part: BlobPart) {
      parts.push(part);
      if (parts.length >= PARTS_PER_BLOB) parts = [new Blob(parts)];
    },
    file: () => new Blob(parts, { type: CSV_TYPE }),
  };
}

/** The rows as CSV lines, one text per slice of at most a page, so no text holds the whole list. */
function* rowTexts<Row>(columns: readonly ExportColumn<Row>[], rows: readonly Row[]) {
  for (let start = 0; start < rows.length; start += EXPORT_PAGE_SIZE)
    yield rows
      .slice(start, start + EXPORT_PAGE_SIZE)
      .map((row) => csvRow(columns, row))
      .join('');
}

const LF = 0x0a;
const QUOTE = 0x22;

/**
 * Counts the row ends of a CSV answer as it streams: line feeds outside quoted cells (a cell may hold CR LF). Bytes
 * are enough: in UTF-8 neither byte occurs inside another character.
 */
function lineCounter() {
  let quoted = false;
  let lines = 0;
  return {
    read(chunk: Uint8Array) {
      for (let index = 0; index < chunk.length; index += 1) {
        const byte = chunk[index];
        if (byte === QUOTE) quoted = !quoted;
        else if (byte === LF && !quoted) lines += 1;
      }
      return lines;
    },
  };
}

async function streamed(
  path: string,
  searchParams: SearchParams,
  signal: AbortSignal,
  onProgress: (progress: ExportProgress) => void,
): Promise<ExportResult> {
  const response = await api.raw(path, { searchParams, signal });
  const count = Number(response.headers.get('X-Total-Count'));
  const total = response.headers.has('X-Total-Count') && Number.isInteger(count) ? count : null;
  const file = blobParts();
  const lines = lineCounter();
  let rows = 0;
  onProgress({ rows, total });
  const reader = response.body?.getReader();
  try {
    for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
      file.add(chunk.value);
      // The first line holds the headings.
      rows = Math.max(0, lines.read(chunk.value) - 1);
      onProgress({ rows, total });
    }
  } catch (cause) {
    if (signal.aborted) throw signal.reason;
    throw new ApiError({ kind: 'network', path, cause });
  }
  return { file: file.file(), rows };
}

/**
 * The columns a CSV writes: those that show text, an HTML column as the text its HTML shows (htmlText), each followed
 * by what its cell also shows (alsoExported).
 */
export const csvColumns = <Row>(columns: ExportJob<Row>['columns']) =>
  columns.flatMap(({ header, text, html, alsoExported = [] }) => [
    ...(text ? [{ header, text: html ? (row: Row) => htmlText(text(row)) : text }] : []),
    ...alsoExported,
  ]);

/**
 * Writes the job's CSV: the BOM and the headings, then every row of its source, reporting progress as it goes.
 * Rejects with the abort's reason once `signal` aborts (no request is made after that), and with the ApiError of a
 * call that fails.
 */
export async function runExport<Row>(
  job: ExportJob<Row>,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (progress: ExportProgress) => void },
): Promise<ExportResult> {
  const { source } = job;
  const columns = csvColumns(job.columns);
  if (source.kind === 'stream') return streamed(source.path, source.searchParams, signal, onProgress);

  const file = blobParts();
  file.add(CSV_BOM + csvHeadings(columns));
  if (source.kind === 'rows') {
    const total = source.rows.length;
    for (const text of rowTexts(columns, source.rows)) file.add(text);
    onProgress({ rows: total, total });
    return { file: file.file(), rows: total };
  }

  let rows = 0;
  let total: number | null = null;
  for (let page = 1; total === null || rows < total; page += 1) {
    signal.throwIfAborted();
    const answer = await source.fetchPage(page, EXPORT_PAGE_SIZE, signal);
    signal.throwIfAborted();
    // Progress counts against the first page's total; a list that shrinks meanwhile ends at its first empty page.
    total ??= answer.total;
    if (answer.rows.length === 0) break;
    for (const text of rowTexts(columns, answer.rows)) file.add(text);
    rows += answer.rows.length;
    onProgress({ rows, total });
  }
  return { file: file.file(), rows };
}

/**
 * Saves `file` as a download named `fileName`. Returns what lets the file go (its object URL revoked): call it once the
 * browser has surely taken the file, such as when the dialog that saved it closes; revoked at once, a slow browser
 * might not have read it yet, and never revoked, the URL would hold the file for the page's life.
 */
export function saveFile(file: Blob, fileName: string): () => void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  // In the document while it is clicked, which some browsers ask of a download link.
  document.body.append(link);
  link.click();
  link.remove();
  return () => URL.revokeObjectURL(url);
}
