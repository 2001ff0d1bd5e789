import { Busboy, type BusboyFileStream } from '@fastify/busboy';

/**
 * multipart/form-data read as it streams, by @fastify/busboy: parts are handed over as their bytes arrive, so a file
 * never has to be held whole, and a slow consumer slows the reading. What busboy leaves to its caller is done here
 * as Node's FormData parser (undici) does it, so that a form reads as it did: names and file names as browsers escape
 * them, a text field's leading byte order mark dropped, base64 parts decoded.
 */

/** A body that is not well-formed multipart. */
export class MultipartError extends Error {}

export type PartHead = {
  name: string;
  /** Present (possibly empty) for a file part, null for a text field. */
  filename: string | null;
  /** `Content-Transfer-Encoding: base64`, which undici decoded. */
  base64: boolean;
  /** The bytes of the part's name and file name, for callers that bound what they hold in memory. */
  headerBytes: number;
};

export type PartSink = {
  write(chunk: Uint8Array): Promise<void> | void;
  end(): Promise<void> | void;
};

/** The boundary parameter of a multipart Content-Type (quoted or not), if it has one. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  const parameters = /;\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/i.exec(contentType);
  if (!parameters) return undefined;
  const boundary = parameters[1]?.replace(/\\(.)/g, '$1') ?? parameters[2]!.trim();
  return boundary || undefined;
}

/**
 * Names and file names as browsers send them: `"`, CR and LF percent-escaped. Busboy has decoded their UTF-8 but kept
 * a leading byte order mark, which TextDecoder (undici) drops.
 */
const decodeName = (name: string) =>
  name
    .replace(/^\uFEFF/, '')
    .replace(/%0A/gi, '\n')
    .replace(/%0D/gi, '\r')
    .replace(/%22/g, '"');

/** A text field's value as undici decoded it: UTF-8, a leading byte order mark dropped (TextDecoder drops another). */
export const decodeText = (bytes: Buffer) =>
  new TextDecoder().decode(
    bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes,
  );

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
      let text = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
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

/**
 * Reads a multipart body from `chunks`, calling `onPart` at each part's start and feeding its sink the part's
 * content, awaited chunk by chunk. Throws MultipartError on a body busboy cannot read (no boundary, cut short), and
 * whatever `onPart` or a sink throws, as soon as it does. A part's header block is kept to `maxHeaderBytes`; busboy
 * skips a part that is not a form-data field, and the bytes before the first delimiter and after the last.
 */
export async function readMultipart(
  chunks: AsyncIterable<Uint8Array>,
  contentType: string,
  onPart: (head: PartHead) => PartSink | Promise<PartSink>,
  { maxHeaderBytes = 16 * 1024 }: { maxHeaderBytes?: number } = {},
): Promise<void> {
  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({
      headers: { 'content-type': contentType },
      // Every part as a stream, so a text field's bytes are decoded here; file names as sent, paths included.
      isPartAFile: () => true,
      preservePath: true,
      limits: { headerSize: maxHeaderBytes },
    });
  } catch (error) {
    throw new MultipartError(error instanceof Error ? error.message : String(error));
  }

  let fail!: (error: unknown) => void;
  const failed = new Promise<never>((_resolve, reject) => {
    fail = reject;
  });
  failed.catch(() => undefined);
  let failure = false;
  const stop = (error: unknown) => {
    failure = true;
    fail(error);
  };
  const broken = (error: unknown) =>
    new MultipartError(error instanceof Error ? error.message : String(error));

  // Parts are handled one after another, in the order they arrive.
  let parts: Promise<void> = Promise.resolve();
  const read = async (stream: BusboyFileStream, head: PartHead) => {
    if (failure) return;
    const target = await onPart(head);
    const sink = head.base64 ? base64Decoding(target) : target;
    for await (const chunk of stream) {
      if (failure) return;
      await sink.write(chunk as Buffer);
    }
    await sink.end();
  };
  parser.on('file', (name, stream, filename, transferEncoding) => {
    stream.on('error', (error) => stop(broken(error)));
    const head: PartHead = {
      name: decodeName(name),
      filename: filename === undefined ? null : decodeName(filename),
      base64: transferEncoding === 'base64',
      headerBytes: Buffer.byteLength(name) + Buffer.byteLength(filename ?? ''),
    };
    parts = parts.then(() =>
      read(stream, head).catch((error: unknown) => {
        stop(error);
        stream.resume();
      }),
    );
  });
  const finished = new Promise<void>((resolve, reject) => {
    parser.on('finish', resolve);
    parser.on('error', (error) => reject(broken(error)));
  });
  finished.catch(() => undefined);

  try {
    for await (const chunk of chunks) {
      if (failure) break;
      const written = new Promise<void>((resolve, reject) =>
        parser.write(chunk, (error) => (error ? reject(broken(error)) : resolve())),
      );
      await Promise.race([written, failed, finished.then(() => undefined)]);
    }
    if (!failure) parser.end();
    await Promise.race([finished, failed]);
    // Every part has begun by now; the last may still be writing.
    await Promise.race([parts, failed]);
  } finally {
    if (failure) parser.destroy();
  }
}
