/**
 * CSV as DECISIONS asks of an export ("Lists: sort, select, export"): RFC 4180 (fields joined by commas, lines ended
 * by CRLF, a field holding a comma, semicolon, tab, quote, CR or LF quoted with its quotes doubled), read as UTF-8
 * through a leading BOM, and a field that a spreadsheet would run as a formula (starting with =, +, -, @, tab or CR)
 * prefixed with an apostrophe. The one writer of the console's exports, the reference server's and the MSW mocks':
 * plain functions with no DOM or Node dependency, so server/ imports it from here and all three write the same bytes.
 *
 * A spreadsheet that splits on `;` or tab honours a quote only where a cell of its own starts, so a quoted field in
 * the middle of a line is split at every `;`, tab or line break inside it. What follows such a character in a field
 * is therefore a cell start too, and gets the apostrophe when it would start a formula (or is a lone quote before
 * one, which that reader drops, or the field's end, where the closing quote would open a cell at the line's CR).
 */

export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const SPLIT_BEFORE_FORMULA = /([;\t\r\n])(?="?[=+\-@\t\r]|$)/g;
const NEEDS_QUOTES = /[",;\t\r\n]/;

export function csvCell(text: string): string {
  const safe = (FORMULA_START.test(text) ? `'${text}` : text).replace(SPLIT_BEFORE_FORMULA, "$1'");
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** One column of an export: its heading, and the text the console shows in it for a row. */
export type CsvColumn<Row> = { header: string; text: (row: Row) => string };

export const csvHeadings = <Row>(columns: readonly CsvColumn<Row>[]) =>
  csvLine(columns.map((column) => column.header));

export const csvRow = <Row>(columns: readonly CsvColumn<Row>[], row: Row) =>
  csvLine(columns.map((column) => column.text(row)));
