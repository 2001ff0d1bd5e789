import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvHeadings, csvLine, csvRow, type CsvColumn } from '@contract/csv';
import { parseCsv, readCsvAs } from '../support/csv-reader';

const FORMULA_START = /^[=+\-@\t\r]/;
const SEPARATORS = [',', ';', '\t'] as const;
const formulasIn = (text: string, separator: (typeof SEPARATORS)[number]) =>
  readCsvAs(text, separator)
    .flat()
    .filter((cell) => FORMULA_START.test(cell));

describe('the CSV writer (RFC 4180, formulas neutralised)', () => {
  it('leaves plain text bare and ends each line with CRLF', () => {
    expect(csvLine(['Olivia Smith', 'olivia@example.com', 'Active'])).toBe(
      'Olivia Smith,olivia@example.com,Active\r\n',
    );
    expect(csvLine([''])).toBe('\r\n');
  });

  it('quotes a cell holding a comma, a quote, CR or LF, doubling its quotes', () => {
    expect(csvCell('Smith, Olivia')).toBe('"Smith, Olivia"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('a\rb')).toBe('"a\rb"');
    const cells = ['Smith, Olivia', 'say "hi"', 'two\r\nlines', 'é 😀 ü'];
    expect(parseCsv(csvLine(cells) + csvLine(['next']))).toEqual([cells, ['next']]);
  });

  it.each(['=', '+', '-', '@', '\t', '\r'])(
    'prefixes a cell starting with %j with an apostrophe, so no spreadsheet runs it',
    (start) => {
      const text = `${start}SUM(A1:A9)`;
      const cell = csvCell(text);
      expect(parseCsv(`${csvLine([text])}`)).toEqual([[`'${text}`]]);
      expect(cell.startsWith(`'${start}`) || cell.startsWith(`"'${start}`)).toBe(true);
    },
  );

  it('prefixes only at the start, and quotes a prefixed cell that needs it', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('1-2')).toBe('1-2');
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('-')).toBe("'-");
  });

  it.each([
    ['Semi;=1+1;', '"Semi;\'=1+1;\'"'],
    ['Tab\t=1+1', '"Tab\t\'=1+1"'],
    ['a;b', '"a;b"'],
    ['a\tb', '"a\tb"'],
    ['note\n- first\n- second', '"note\n\'- first\n\'- second"'],
    ['a;"=1', '"a;\'""=1"'],
    ['1,-2', '"1,-2"'],
  ])('quotes %j, and neutralises what a split at a separator would start a cell with', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it('gives no formula to a reader splitting on `,`, `;` or tab, wherever the cell stands in the line', () => {
    const line = csvLine(['1', 'Semi;=1+1;', 'Tab\t@SUM(A1)', 'x']);
    for (const separator of SEPARATORS) expect(formulasIn(line, separator), separator).toEqual([]);
    expect(readCsvAs(CSV_BOM + line, ',')).toEqual([['1', "Semi;'=1+1;'", "Tab\t'@SUM(A1)", 'x']]);
  });

  it('never yields a cell that starts a formula, for any cells read with `,`, `;` or tab as the separator', () => {
    const unit = fc.constantFrom(
      '=',
      '+',
      '-',
      '@',
      '\t',
      '\r',
      '\n',
      ';',
      ',',
      '"',
      "'",
      ' ',
      'a',
      'é',
      '😀',
    );
    const cells = fc.array(fc.string({ unit, maxLength: 8 }), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(fc.array(cells, { minLength: 1, maxLength: 3 }), (rows) => {
        const text = CSV_BOM + rows.map(csvLine).join('');
        for (const separator of SEPARATORS) expect(formulasIn(text, separator), separator).toEqual([]);
        const read = readCsvAs(text, ',');
        expect(read).toEqual(parseCsv(text.slice(1)));
        expect(read).toHaveLength(rows.length);
      }),
      { numRuns: 2000 },
    );
  });

  it('writes headings and rows through the columns, with no BOM of their own', () => {
    const columns: CsvColumn<{ name: string; enabled: boolean }>[] = [
      { header: 'Name', text: (row) => row.name },
      { header: 'Status', text: (row) => (row.enabled ? 'Active' : 'Inactive') },
    ];
    const text = CSV_BOM + csvHeadings(columns) + csvRow(columns, { name: 'Noah, Jr', enabled: true });
    expect(text).toBe('\uFEFFName,Status\r\n"Noah, Jr",Active\r\n');
    expect(text.split(CSV_BOM)).toHaveLength(2);
    expect([...new TextEncoder().encode(CSV_BOM)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
