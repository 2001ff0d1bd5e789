/**
 * A streaming multipart/form-data reader: parts are handed over as their bytes arrive, so a file never has to be held
 * whole. It accepts what the FormData parser of Node's fetch (undici) accepted before it, and refuses the rest: no
 * preamble or epilogue other than blank lines, a Content-Disposition of `form-data; name="…"` with an optional
 * `filename`, header lines ending in CRLF, and a closing delimiter. One difference: undici refused a part whose content
 * held the boundary's text anywhere; here only a real delimiter (CRLF, `--`, the boundary) ends a part.
 */

/** A body that is not well-formed multipart. */
export class MultipartError extends Error {}

/** A part's header block longer than the reader keeps in memory. */
export class MultipartHeadersTooLarge extends MultipartError {}

export type PartHead = {
  name: string;
  /** Present (possibly empty) for a file part, null for a text field. */
  filename: string | null;
  /** `Content-Transfer-Encoding: base64`, which undici decoded. */
  base64: boolean;
  /** The bytes of the part's header block, for callers that bound what they hold in memory. */
  headerBytes: number;
};

export type PartSink = {
  write(chunk: Uint8Array): Promise<void> | void;
  end(): Promise<void> | void;
};

const CRLF = Buffer.from('\r\n');
const BLANK_LINE = Buffer.from('\r\n\r\n');
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const DISPOSITION = 'form-data; name="';

/** HTTP's own blanks (space and tab) only: JavaScript's trim() would also take e.g. a non-breaking space. */
const trimBlanks = (text: string) => text.replace(/^[ \t]+|[ \t]+$/g, '');

/** A view of the chunk's bytes as a Buffer, without copying them. */
const asBuffer = (chunk: Uint8Array) => Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/** The boundary parameter of a multipart Content-Type (quoted or not), if it has one. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  const parameters = /;\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/i.exec(contentType);
  if (!parameters) return undefined;
  const boundary = parameters[1]?.replace(/\\(.)/g, '$1') ?? parameters[2]!.trim();
  return boundary || undefined;
}

/** Names and file names as browsers send them: UTF-8, with `"`, CR and LF percent-escaped. */
const decodeName = (bytes: Buffer) =>
  new TextDecoder().decode(bytes).replace(/%0A/gi, '\n').replace(/%0D/gi, '\r').replace(/%22/g, '"');

/** A text field's value as undici decoded it: UTF-8, a leading byte order mark dropped (TextDecoder drops another). */
export const decodeText = (bytes: Buffer) =>
  new TextDecoder().decode(
    bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes,
  );

/** A quoted value starting at `from` (just after its opening quote): its text and where it ends (after the quote). */
function quoted(line: Buffer, from: number): { value: string; end: number } {
  const close = line.indexOf(0x22, from);
  if (close === -1) throw new MultipartError('Unterminated quoted value');
  return { value: decodeName(line.subarray(from, close)), end: close + 1 };
}

function parseHead(block: Buffer): PartHead {
  let name: string | null = null;
  let filename: string | null = null;
  let base64 = false;
  let start = 0;
  while (start < block.length) {
    const lineEnd = block.indexOf(CRLF, start);
    const line = block.subarray(start, lineEnd === -1 ? block.length : lineEnd);
    start = lineEnd === -1 ? block.length : lineEnd + 2;
    if (line.includes(0x0d) || line.includes(0x0a)) throw new MultipartError('Stray line break');
    const colon = line.indexOf(0x3a);
    if (colon === -1) throw new MultipartError('Header without a colon');
    const header = trimBlanks(line.subarray(0, colon).toString('latin1')).toLowerCase();
    if (!TOKEN.test(header)) throw new MultipartError('Bad header name');
    let at = colon + 1;
    while (line[at] === 0x20 || line[at] === 0x09) at += 1;
    const value = line.subarray(at);
    if (header === 'content-disposition') {
      if (value.subarray(0, DISPOSITION.length).toString('latin1') !== DISPOSITION)
        throw new MultipartError('Not form-data');
      const field = quoted(value, DISPOSITION.length);
      name = field.value;
      filename = null;
      let rest = value.subarray(field.end).toString('latin1');
      if (rest.startsWith('; filename')) {
        const open = rest.startsWith('; filename*="') ? 13 : rest.startsWith('; filename="') ? 12 : -1;
        if (open === -1) throw new MultipartError('Bad filename');
        const file = quoted(value, field.end + open);
        filename = file.value;
        rest = value.subarray(file.end).toString('latin1');
      }
      if (rest !== '') throw new MultipartError('Unexpected Content-Disposition parameter');
    } else if (header === 'content-transfer-encoding') {
      base64 = trimBlanks(value.toString('latin1')) === 'base64';
    }
  }
  if (name === null) throw new MultipartError('Part without a name');
  return { name, filename, base64, headerBytes: block.length };
}

/**
 * Decodes base64 as it arrives, the way Buffer.from(text, 'base64') decodes it whole: characters outside the
 * alphabet (line breaks, spaces) are skipped, and the first `=` ends the data.
 */
function base64Decoding(sink: PartSink): PartSink {
  let pending = '';
  let finished = false;
  return {
    write(chunk) {
      if (finished) return;
      let text = asBuffer(chunk).toString('latin1');
      const padding = text.indexOf('=');
      if (padding !== -1) {
        text = text.slice(0, padding);
        finished = true;
      }
      pending += text.replace(/[^A-Za-z0-9+/\-_]/g, '');
      const whole = pending.length - (pending.length % 4);
      if (whole === 0) return;
      const bytes = Buffer.from(pending.slice(0, whole), 'base64');
      pending = pending.slice(whole);
      return sink.write(bytes);
    },
    async end() {
      if (pending) await sink.write(Buffer.from(pending, 'base64'));
      await sink.end();
    },
  };
}

type State = 'start' | 'delimiter' | 'head' | 'body' | 'end';

/**
 * Reads a multipart body from `chunks`, calling `onPart` at each part's start and feeding its sink the part's
 * content, awaited chunk by chunk (so a slow sink slows the reading). Throws MultipartError on a malformed body.
 */
export async function readMultipart(
  chunks: AsyncIterable<Uint8Array>,
  boundary: string,
  onPart: (head: PartHead) => PartSink | Promise<PartSink>,
  { maxHeaderBytes = 16 * 1024 }: { maxHeaderBytes?: number } = {},
): Promise<void> {
  const first = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let state = 'start' as State;
  let buffer: Buffer = Buffer.alloc(0);
  let sink: PartSink | undefined;

  /** Handles what `buffer` holds; answers false when it needs more bytes. */
  async function step(): Promise<boolean> {
    switch (state) {
      case 'start': {
        let at = 0;
        while (buffer[at] === 0x0d && buffer[at + 1] === 0x0a) at += 2;
        buffer = buffer.subarray(at);
        if (buffer.length < first.length) {
          if (
            !first.subarray(0, buffer.length).equals(buffer) &&
            !(buffer.length === 1 && buffer[0] === 0x0d)
          )
            throw new MultipartError('The body does not start with the boundary');
          return false;
        }
        if (!buffer.subarray(0, first.length).equals(first))
          throw new MultipartError('The body does not start with the boundary');
        buffer = buffer.subarray(first.length);
        state = 'delimiter';
        return true;
      }
      case 'delimiter': {
        if (buffer.length < 2) return false;
        if (buffer[0] === 0x2d && buffer[1] === 0x2d) state = 'end';
        else if (buffer[0] !== 0x0d || buffer[1] !== 0x0a) throw new MultipartError('Bad delimiter');
        else state = 'head';
        buffer = buffer.subarray(2);
        return true;
      }
      case 'head': {
        if (buffer.length >= 2 && buffer[0] === 0x0d && buffer[1] === 0x0a)
          throw new MultipartError('Part without headers');
        const blank = buffer.indexOf(BLANK_LINE);
        if (blank === -1) {
          if (buffer.length > maxHeaderBytes) throw new MultipartHeadersTooLarge('Part headers too long');
          return false;
        }
        if (blank > maxHeaderBytes) throw new MultipartHeadersTooLarge('Part headers too long');
        const head = parseHead(buffer.subarray(0, blank));
        buffer = buffer.subarray(blank + 4);
        const target = await onPart(head);
        sink = head.base64 ? base64Decoding(target) : target;
        state = 'body';
        return true;
      }
      case 'body': {
        const found = buffer.indexOf(delimiter);
        const safe = found === -1 ? Math.max(0, buffer.length - delimiter.length + 1) : found;
        if (safe > 0) await sink!.write(buffer.subarray(0, safe));
        if (found === -1) {
          buffer = buffer.subarray(safe);
          return false;
        }
        await sink!.end();
        sink = undefined;
        buffer = buffer.subarray(found + delimiter.length);
        state = 'delimiter';
        return true;
      }
      case 'end': {
        // Only blank lines may follow the closing delimiter.
        let at = 0;
        while (buffer[at] === 0x0d && buffer[at + 1] === 0x0a) at += 2;
        if (at < buffer.length && !(at === buffer.length - 1 && buffer[at] === 0x0d))
          throw new MultipartError('Data after the closing delimiter');
        buffer = buffer.subarray(at);
        return false;
      }
    }
  }

  for await (const chunk of chunks) {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : asBuffer(chunk);
    while (await step());
  }
  if (state !== 'end' || buffer.length)
    throw new MultipartError('The body ended before its closing delimiter');
}
