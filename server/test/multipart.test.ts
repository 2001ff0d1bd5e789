import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundaryOf, decodeText, MultipartError, readMultipart } from '../lib/multipart';

type Entry = { name: string; value: string } | { name: string; filename: string; bytes: string };

/**
 * The multipart reader (busboy, with what server/lib/multipart.ts adds) held to what Node's FormData parser (undici)
 * makes of the same bodies. Feeds `body` to the reader in the given pieces (cut at those offsets) and collects what
 * each part held.
 */
async function parse(body: Uint8Array, boundary: string, cuts: number[] = [], maxHeaderBytes?: number) {
  const offsets = [...new Set(cuts.map((cut) => cut % (body.length + 1)))].sort((a, b) => a - b);
  async function* pieces() {
    let from = 0;
    for (const offset of [...offsets, body.length]) {
      yield body.subarray(from, offset);
      from = offset;
    }
  }
  const entries: Entry[] = [];
  await readMultipart(
    pieces(),
    `multipart/form-data; boundary=${boundary}`,
    ({ name, filename }) => {
      const chunks: Uint8Array[] = [];
      return {
        write: (chunk) => void chunks.push(Uint8Array.from(chunk)),
        end() {
          const bytes = Buffer.concat(chunks);
          entries.push(
            filename === null
              ? { name, value: decodeText(bytes) }
              : { name, filename, bytes: bytes.toString('hex') },
          );
        },
      };
    },
    { maxHeaderBytes },
  );
  return entries;
}

/** What Node's own FormData parser (undici, which Hono used before) makes of the same body. */
async function reference(body: Uint8Array, contentType: string): Promise<Entry[]> {
  const form = await new Response(body, { headers: { 'Content-Type': contentType } }).formData();
  const entries: Entry[] = [];
  for (const [name, value] of form) {
    entries.push(
      typeof value === 'string'
        ? { name, value }
        : { name, filename: value.name, bytes: Buffer.from(await value.arrayBuffer()).toString('hex') },
    );
  }
  return entries;
}

/** A boundary none of the hand-written bodies below holds by chance (undici refused content that held its text). */
const B = 'b.o.u.n.d';
const TYPE = `multipart/form-data; boundary=${B}`;
/** A hand-written body, `--b` standing for the delimiter. */
const multipart = (text: string) => Buffer.from(text.replaceAll('--b', `--${B}`));

const serialize = async (form: FormData) => {
  const response = new Response(form);
  const contentType = response.headers.get('content-type')!;
  return {
    body: new Uint8Array(await response.arrayBuffer()),
    contentType,
    boundary: /boundary=(.+)$/.exec(contentType)![1]!,
  };
};

/**
 * Text and bytes full of what a delimiter is made of: line breaks, dashes, quotes, percent signs. No backslash: browsers
 * send one in a name or file name as it is, and busboy reads `\"` and `\\` there as quoted-string escapes (RFC 9110),
 * so a name such as `a\` reads as `a"`. The console's field names hold none; the server never uses a file's name.
 */
const tricky = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }).map((text) => text.replaceAll('\\', '/')),
  fc
    .array(fc.constantFrom('\r', '\n', '\r\n', '-', '--', '"', '%22', '%0A', ' ', 'é', 'x', '😀', '\uFEFF'), {
      maxLength: 30,
    })
    .map((parts) => parts.join('')),
);
const bytes = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  tricky.map((text) => new TextEncoder().encode(text)),
);
const entryArb = fc.oneof(
  fc.record({ kind: fc.constant('text' as const), name: tricky, value: tricky }),
  fc.record({ kind: fc.constant('file' as const), name: tricky, filename: tricky, bytes }),
);
const cutsArb = fc.array(fc.nat(), { maxLength: 12 });

describe('the streaming multipart reader', () => {
  it('reads what browsers send exactly as undici does, however the body is cut into chunks', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entryArb, { maxLength: 6 }), cutsArb, async (entries, cuts) => {
        const form = new FormData();
        for (const entry of entries)
          if (entry.kind === 'text') form.append(entry.name, entry.value);
          else form.append(entry.name, new File([entry.bytes], entry.filename));
        const { body, contentType, boundary } = await serialize(form);
        expect(await parse(body, boundary, cuts)).toEqual(await reference(body, contentType));
      }),
      { numRuns: 300 },
    );
  });

  it('ends a part only at a real delimiter, whatever pieces of one its content holds', async () => {
    const boundary = 'XyZ-boundary';
    // Content made of delimiter fragments: CRLF, dashes, the boundary itself (not after CRLF--), its prefixes.
    const fragment = fc.constantFrom(
      '\r\n',
      '\r',
      '\n',
      '--',
      '-',
      boundary,
      `--${boundary}`,
      `\r\n-${boundary}`,
      `\r\n--${boundary.slice(0, 5)}`,
      `\n--${boundary}`,
      'a',
    );
    const content = fc
      .array(fragment, { maxLength: 12 })
      .map((parts) => parts.join(''))
      // Right after the header block's CRLF CRLF, `--boundary` reads as a delimiter too (RFC 2046 allows either
      // reading; busboy takes this one); browsers choose a boundary their content does not hold.
      .filter((text) => !text.includes(`\r\n--${boundary}`) && !text.startsWith(`--${boundary}`));
    await fc.assert(
      fc.asyncProperty(fc.array(content, { minLength: 1, maxLength: 4 }), cutsArb, async (contents, cuts) => {
        const body = Buffer.from(
          contents
            .map(
              (text, i) =>
                `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"; filename="f${i}.bin"\r\n` +
                `Content-Type: application/octet-stream\r\n\r\n${text}\r\n`,
            )
            .join('') + `--${boundary}--\r\n`,
        );
        expect(await parse(body, boundary, cuts)).toEqual(
          contents.map((text, i) => ({
            name: `f${i}`,
            filename: `f${i}.bin`,
            bytes: Buffer.from(text).toString('hex'),
          })),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('decodes base64 parts as they stream, as Buffer.from decodes them whole', async () => {
    const encoded = fc
      .array(
        fc.oneof(
          fc.uint8Array({ maxLength: 40 }).map((data) => Buffer.from(data).toString('base64')),
          fc.constantFrom('\r\n', ' ', '=', '-', '_', '!', 'é', 'QQ'),
        ),
        { maxLength: 8 },
      )
      .map((parts) => parts.join(''))
      // A part's content never holds its boundary's delimiter (RFC 2046 5.1.1): "--bA==" right after the headers'
      // blank line would end the part there.
      .filter((text) => !`\r\n${text}`.includes('\r\n--b'));
    await fc.assert(
      fc.asyncProperty(encoded, cutsArb, async (text, cuts) => {
        const body = multipart(
          '--b\r\nContent-Disposition: form-data; name="f"; filename="f"\r\n' +
            `Content-Transfer-Encoding: base64\r\n\r\n${text}\r\n--b--`,
        );
        const [entry] = await parse(body, B, cuts);
        expect(entry).toEqual({
          name: 'f',
          filename: 'f',
          bytes: Buffer.from(text, 'base64').toString('hex'),
        });
        expect(await reference(body, TYPE)).toEqual([entry]);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses what undici refused and cannot be read: bodies cut short, or without their boundary', async () => {
    const part = 'Content-Disposition: form-data; name="a"\r\n\r\nvalue\r\n';
    const broken = {
      empty: '',
      'no closing delimiter': `--b\r\n${part}`,
      'cut inside a part': `--b\r\n${part.slice(0, 50)}`,
      'cut inside the headers': '--b\r\nContent-Disposition: form-da',
      'another boundary': `--c\r\n${part}--c--`,
    };
    for (const [label, text] of Object.entries(broken)) {
      const body = multipart(text);
      await expect(parse(body, B), label).rejects.toBeInstanceOf(MultipartError);
      await expect(reference(body, TYPE), label).rejects.toThrow();
    }
  });

  it('skips, where undici refused, what RFC 2046 and 7578 let a reader skip: never a field it did not send', async () => {
    const part = 'Content-Disposition: form-data; name="a"\r\n\r\nvalue\r\n';
    const read = {
      'a preamble': [`hello\r\n--b\r\n${part}--b--`, [{ name: 'a', value: 'value' }]],
      'data after the end': [`--b\r\n${part}--b--epilogue`, [{ name: 'a', value: 'value' }]],
      'junk after a delimiter': [`--b\r\n${part}--bx\r\n${part}--b--`, [{ name: 'a', value: 'value' }]],
      'no headers': ['--b\r\n\r\nvalue\r\n--b--', []],
      'no Content-Disposition': ['--b\r\nContent-Type: text/plain\r\n\r\nvalue\r\n--b--', []],
      'not form-data': ['--b\r\nContent-Disposition: attachment; name="a"\r\n\r\nv\r\n--b--', []],
      'a bare line feed': ['--b\r\nContent-Disposition: form-data; name="a"\nX: y\r\n\r\nv\r\n--b--', []],
      'an unquoted name': [
        '--b\r\nContent-Disposition: form-data; name=a\r\n\r\nv\r\n--b--',
        [{ name: 'a', value: 'v' }],
      ],
      'another parameter': [
        '--b\r\nContent-Disposition: form-data; name="a"; size=3\r\n\r\nv\r\n--b--',
        [{ name: 'a', value: 'v' }],
      ],
      'a header without a colon': [
        '--b\r\nContent-Disposition: form-data; name="a"\r\nX-Junk\r\n\r\nv\r\n--b--',
        [{ name: 'a', value: 'v' }],
      ],
    } as const;
    for (const [label, [text, entries]] of Object.entries(read)) {
      const body = multipart(text);
      expect(await parse(body, B, [7, 30]), label).toEqual(entries);
      await expect(reference(body, TYPE), label).rejects.toThrow();
    }
  });

  it('accepts the blank lines undici accepted around the body, and an empty form', async () => {
    for (const text of [
      '--b--',
      '\r\n\r\n--b--\r\n\r\n',
      '--b\r\nContent-Disposition: form-data; name=""\r\n\r\n\r\n--b--',
    ]) {
      const body = multipart(text);
      expect(await parse(body, B, [1, 2, 3])).toEqual(await reference(body, TYPE));
    }
  });

  it('keeps at most maxHeaderBytes of a part’s headers in memory', async () => {
    const body = Buffer.from(
      `--b\r\nContent-Disposition: form-data; name="${'n'.repeat(5000)}"\r\n\r\nv\r\n--b--`,
    );
    const [cut] = await parse(body, 'b', [100, 2000], 4096);
    expect(cut!.name.length).toBeLessThan(4096);
    const endless = Buffer.from(`--b\r\nX-Padding: ${'p'.repeat(10_000)}`);
    await expect(parse(endless, 'b', [3000, 6000], 4096)).rejects.toBeInstanceOf(MultipartError);
    expect(await parse(body, 'b', [100], 8192)).toEqual([{ name: 'n'.repeat(5000), value: 'v' }]);
  });

  it('finds the boundary in a Content-Type, quoted or not', () => {
    expect(boundaryOf('multipart/form-data; boundary=----WebKitFormBoundaryX1')).toBe(
      '----WebKitFormBoundaryX1',
    );
    expect(boundaryOf('multipart/form-data;boundary=abc; charset=utf-8')).toBe('abc');
    expect(boundaryOf('Multipart/Form-Data; BOUNDARY="a b;\\"c"')).toBe('a b;"c');
    for (const type of [
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=""',
      undefined,
    ])
      expect(boundaryOf(type), type).toBeUndefined();
  });
});
