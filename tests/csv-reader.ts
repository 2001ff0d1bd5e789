/**
 * RFC 4180 read back into lines of cells, as a spreadsheet would: the tests' own reader, independent of the writer
 * (src/lib/csv.ts), shared by the unit, integration and browser tests of the export.
 */
export function parseCsv(text: string): string[][] {
  const lines: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      lines.push([...cells, cell]);
      cells = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  return lines;
}
