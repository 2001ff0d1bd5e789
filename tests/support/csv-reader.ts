/**
 * RFC 4180 read back into lines of cells, as a spreadsheet would: the tests' own reader, independent of the writer
 * (contract/csv.ts), shared by the unit, integration and browser tests of the export.
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

/**
 * The same file read as a spreadsheet reads it with another separator (`;` in many locales, or tab): a quote opens a
 * quoted cell only where a cell starts; elsewhere it is an ordinary character, and whatever follows a closing quote
 * up to the next separator joins the cell. CR, LF or CRLF end a line outside quotes; a leading BOM is skipped.
 */
export function readCsvAs(text: string, separator: ',' | ';' | '\t'): string[][] {
  const lines: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let state: 'start' | 'bare' | 'quoted' | 'closed' = 'start';
  const endCell = () => {
    cells.push(cell);
    cell = '';
    state = 'start';
  };
  const endLine = () => {
    endCell();
    lines.push(cells);
    cells = [];
  };
  for (let i = text.startsWith('\uFEFF') ? 1 : 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (state === 'quoted') {
      if (char === '"') state = 'closed';
      else cell += char;
    } else if (state === 'closed' && char === '"') {
      cell += '"';
      state = 'quoted';
    } else if (char === separator) endCell();
    else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endLine();
    } else if (state === 'start' && char === '"') state = 'quoted';
    else {
      cell += char;
      state = 'bare';
    }
  }
  if (state !== 'start' || cell || cells.length) endLine();
  return lines;
}
