import { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { optionalJsonObject, Refusal } from '../../contract/rules';
import { HttpError } from './errors';
import { UnderWay } from './rate-limit';
import {
  boundaryOf,
  decodeText,
  MultipartError,
  readMultipart,
  type PartHead,
  type PartSink,
} from './multipart';
import { ReceivedFile, UPLOAD_BODY_LIMIT, type UploadKind, type UploadStore } from './uploads';

const KB = 1024;

/** The largest body each kind of route reads; a larger one is refused with 413 before it is read in full. */
export const BODY_LIMITS = {
  /** Sign-in: an e-mail address and a password. */
  signIn: 8 * KB,
  /** JSON writes: the longest texts (rich HTML, 50,000 characters) with room for escaping. */
  json: 1024 * KB,
  /** Routes that take files: a multipart body, whose files go to disk as they arrive. */
  upload: UPLOAD_BODY_LIMIT,
  /** What a form's text fields and part headers may hold in memory (the longest texts twice over). */
  formText: 2 * 1024 * KB,
  /** Routes that read no body (GET, DELETE, PATCH with a query), or a JSON body of short texts (a status reason). */
  none: 16 * KB,
} as const;

/**
 * After an answer sent before the request's body had arrived (a refusal, a limit crossed), the connection closes.
 * Up to `bytes` more of the body is read and dropped, so that a client that stops sending when it gets the answer
 * can finish its last writes and close; then nothing more is read, and the socket is destroyed when the client has
 * closed its side or `ms` has passed, by which time the client has read the answer.
 */
export const LINGER = { bytes: 64 * KB, ms: 2000 } as const;

const NOT_MULTIPART = 'The request must be multipart form data';
const TOO_LARGE = 'The request body is too large';
const UPLOAD_TOO_LARGE = 'The upload is too large';

/** The Node request behind a Hono one, when the app runs in @hono/node-server (not in app.request() tests). */
const nodeRequest = (c: Context): IncomingMessage | undefined => {
  const incoming: unknown = (c.env as { incoming?: unknown } | undefined)?.incoming;
  return incoming instanceof IncomingMessage ? incoming : undefined;
};

const declaredLength = (c: Context) => {
  const header = c.req.header('content-length');
  return header !== undefined && !c.req.header('transfer-encoding') ? Number(header) : undefined;
};

const mediaType = (c: Context) => c.req.header('content-type')?.split(';')[0]!.trim().toLowerCase() ?? '';

const isForm = (c: Context) =>
  /multipart\/form-data|application\/x-www-form-urlencoded/i.test(c.req.header('content-type') ?? '');

/**
 * How many multipart bodies are read at once, by one admin and in all: each may hold up to BODY_LIMITS.upload in
 * tmp/ while it arrives, however slowly. The console sends at most 4 writes at a time.
 */
export const UPLOADS_UNDER_WAY = { perAdmin: 6, total: 16 } as const;

/** The multipart bodies being read, by admin (public routes count as one) and in all. */
class Uploads {
  private readonly byAdmin = new UnderWay(UPLOADS_UNDER_WAY.perAdmin);
  private total = 0;

  /** Takes a place for `admin`'s upload, or refuses (429 past their bound, 503 past the server's). */
  enter(admin: string) {
    if (this.total >= UPLOADS_UNDER_WAY.total)
      throw new HttpError(
        503,
        'The server is receiving too many uploads right now: try again in a moment',
        {},
        { 'Retry-After': '5' },
      );
    if (!this.byAdmin.enter(admin))
      throw new HttpError(
        429,
        `At most ${UPLOADS_UNDER_WAY.perAdmin} uploads at once: wait for one to finish`,
        {},
        { 'Retry-After': '5' },
      );
    this.total += 1;
    return () => {
      this.total -= 1;
      this.byAdmin.leave(admin);
    };
  }
}

/** What the server keeps of one request: where its files wait, the files received so far, the uploads under way. */
type RequestFiles = { store: UploadStore; received: Set<string>; uploads: Uploads };
const requests = new WeakMap<Context, RequestFiles>();

/**
 * Node ends a `Connection: close` answer with socket.destroySoon(), which destroys the socket as soon as the answer
 * is written while the client may still be sending: the client's kernel then gets a reset and may drop the answer
 * before the client reads it. Here the close is staged as RFC 9112 (section 9.6) advises: a half-close after the
 * answer, then the socket closes as LINGER says.
 */
function closeAfterAnswer(incoming: IncomingMessage) {
  const { socket } = incoming;
  let dropped = 0;
  const timer = setTimeout(() => socket.destroy(), LINGER.ms);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  // Whatever was reading the body (a limit that stopped, a parser that refused) lets go of it.
  incoming.removeAllListeners('data');
  incoming.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER.bytes) incoming.pause();
  });
  incoming.resume();
  socket.destroySoon = () => socket.end();
}

/**
 * The first middleware of every request. Gives formBody a place for the request's files and removes them when the
 * request is answered (a committed file has been given its stored name by then); and when the answer leaves before
 * the body has arrived in full, says `Connection: close` and closes the connection cleanly, so that a client never
 * sends its next request on a connection the server is about to drop.
 */
export function requestBodies(store: UploadStore): MiddlewareHandler {
  const uploads = new Uploads();
  return async (c, next) => {
    const files: RequestFiles = { store, received: new Set(), uploads };
    requests.set(c, files);
    try {
      await next();
    } finally {
      await store.discard(files.received);
    }
    const incoming = nodeRequest(c);
    if (incoming && !incoming.complete) {
      c.header('Connection', 'close');
      closeAfterAnswer(incoming);
    }
  };
}

/**
 * Reads and drops a body of at most `max` bytes, with or without Content-Length; past that, 413 and nothing more
 * is read. Under Node the body is read from the socket's request even for GET, whose Request carries none.
 */
async function dropBody(c: Context, max: number): Promise<void> {
  const declared = declaredLength(c);
  if (declared !== undefined && declared > max) throw new HttpError(413, TOO_LARGE);
  const incoming = nodeRequest(c);
  if (!incoming) {
    const stream = c.req.raw.body;
    if (!stream || stream.locked) return;
    let size = 0;
    for await (const chunk of stream) {
      size += chunk.length;
      if (size > max) throw new HttpError(413, TOO_LARGE);
    }
    return;
  }
  if (incoming.readableEnded || !(declared || c.req.header('transfer-encoding'))) return;
  await new Promise<void>((resolve, reject) => {
    let size = 0;
    const settle = (error?: HttpError) => {
      incoming.off('data', onData).off('end', onEnd).off('error', onError);
      if (error) {
        incoming.pause();
        reject(error);
      } else resolve();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) settle(new HttpError(413, TOO_LARGE));
    };
    const onEnd = () => settle();
    const onError = () => settle(new HttpError(400, 'The request body was cut short'));
    incoming.on('data', onData).on('end', onEnd).on('error', onError).resume();
  });
}

const limit = (maxSize: number, message: string): MiddlewareHandler =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new HttpError(413, message);
    },
  });

export const signInLimit = limit(BODY_LIMITS.signIn, TOO_LARGE);
export const jsonLimit = limit(BODY_LIMITS.json, TOO_LARGE);
/**
 * File routes: a multipart body is read as it streams (formBody counts it against the upload limit, and refuses a
 * declared length over it unread); any other body, which carries no file, keeps the JSON limit.
 */
export const uploadLimit: MiddlewareHandler = (c, next) => {
  if (mediaType(c) !== 'multipart/form-data') return jsonLimit(c, next);
  if ((declaredLength(c) ?? 0) > BODY_LIMITS.upload) throw new HttpError(413, UPLOAD_TOO_LARGE);
  return next();
};
/** A JSON body of a few short texts, which may also be absent (PATCH /api/admin/status: its reason). */
export const shortJsonLimit = limit(BODY_LIMITS.none, TOO_LARGE);
/** Routes that read no body (GET, DELETE, PATCH with a query) still refuse one over 16 KB, however it is sent. */
export const noBodyLimit: MiddlewareHandler = async (c, next) => {
  await dropBody(c, BODY_LIMITS.none);
  await next();
};

/** The file fields a route takes: each is checked as it arrives, by its kind, and named in refusals by its label. */
export type FileFields = Readonly<Record<string, { readonly label: string; readonly kind: UploadKind }>>;

/**
 * A multipart body read as it streams: text fields are kept (at most BODY_LIMITS.formText in all), each declared
 * file field's first file goes to disk under tmp/ and is refused (413, 415) the moment it crosses its limits, and
 * any other file is counted and dropped. Values of repeated names become arrays, as Hono's parseBody({ all: true }).
 */
async function readForm(c: Context, fileFields: FileFields): Promise<Record<string, unknown>> {
  const contentType = c.req.header('content-type');
  const stream = c.req.raw.body;
  if (!boundaryOf(contentType) || !stream) throw new HttpError(400, NOT_MULTIPART);
  const files = requests.get(c);
  // A field named like a built-in property ("__proto__", "constructor") is only ever read as an own property.
  const body = Object.create(null) as Record<string, unknown>;
  const add = (name: string, value: unknown) => {
    const existing = body[name];
    if (existing === undefined) body[name] = name.endsWith('[]') ? [value] : value;
    else if (Array.isArray(existing)) existing.push(value);
    else body[name] = [existing, value];
  };
  let held = 0;
  const hold = (bytes: number) => {
    held += bytes;
    if (held > BODY_LIMITS.formText) throw new HttpError(413, UPLOAD_TOO_LARGE);
  };
  const open = new Set<{ close(): Promise<unknown> }>();

  async function* counted() {
    let total = 0;
    try {
      for await (const chunk of stream!.values({ preventCancel: true })) {
        total += chunk.length;
        if (total > BODY_LIMITS.upload) throw new HttpError(413, UPLOAD_TOO_LARGE);
        yield chunk;
      }
    } catch (error) {
      // A client that stops half-way sent a broken body.
      throw error instanceof HttpError ? error : new HttpError(400, NOT_MULTIPART);
    }
  }

  const onPart = async ({ name, filename, headerBytes }: PartHead): Promise<PartSink> => {
    hold(headerBytes);
    if (filename === null) {
      const chunks: Uint8Array[] = [];
      return {
        write(chunk) {
          hold(chunk.length);
          chunks.push(chunk);
        },
        end() {
          add(name, decodeText(Buffer.concat(chunks)));
        },
      } satisfies PartSink;
    }
    const field =
      Object.hasOwn(fileFields, name) && !Object.hasOwn(body, name) ? fileFields[name] : undefined;
    if (!field || !files) {
      let size = 0;
      return {
        write(chunk) {
          size += chunk.length;
        },
        end() {
          add(name, new ReceivedFile(size, undefined, undefined));
        },
      } satisfies PartSink;
    }
    const file = await files.store.receive(field.label, field.kind);
    files.received.add(file.path);
    open.add(file);
    return {
      write: (chunk) => file.write(chunk),
      async end() {
        add(name, await file.end());
        open.delete(file);
      },
    } satisfies PartSink;
  };

  const leave = files?.uploads.enter((c.get('adminId') as string | undefined) ?? '');
  try {
    await readMultipart(counted(), contentType!, onPart);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof MultipartError) throw new HttpError(400, NOT_MULTIPART);
    throw error;
  } finally {
    leave?.();
    await Promise.all([...open].map((file) => file.close()));
  }
  return body;
}

/**
 * A multipart (or url-encoded) body; anything else, or a broken one, is the client's mistake. `files` names the
 * route's file fields (see readForm); a file in any other field is not kept.
 */
export async function formBody(c: Context, files: FileFields = {}): Promise<Record<string, unknown>> {
  if (!isForm(c)) throw new HttpError(400, NOT_MULTIPART);
  if (mediaType(c) === 'multipart/form-data') return emptyAsTheOldConsoleSendsIt(await readForm(c, files));
  const body = await c.req.parseBody({ all: true }).catch((error: unknown) => {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, NOT_MULTIPART);
  });
  return emptyAsTheOldConsoleSendsIt(Object.assign(Object.create(null) as Record<string, unknown>, body));
}

/**
 * A form carries only text, and the old console writes an empty field there as "undefined" or "null" (what String()
 * makes of them): in a form both mean empty, as '' does, so an optional field is stored empty and a required one is
 * refused as required. In JSON, "null" is text like any other.
 */
function emptyAsTheOldConsoleSendsIt(body: Record<string, unknown>): Record<string, unknown> {
  for (const [name, value] of Object.entries(body))
    if (value === 'undefined' || value === 'null') body[name] = '';
  return body;
}

/** A JSON object body, whatever the content type claims; anything else is refused by name. */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const body: unknown = await c.req.json().catch((error: unknown) => {
    if (error instanceof HttpError) throw error;
    return undefined;
  });
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/** A JSON object body, or {} when the request has none (an empty body, or only blanks). */
export async function optionalJsonBody(c: Context): Promise<Record<string, unknown>> {
  const body = optionalJsonObject(await c.req.text());
  if (body instanceof Refusal) throw new HttpError(400, body.message);
  return body;
}

/** Routes that take files accept a form, or JSON when no file changes. */
export const formOrJsonBody = (c: Context, files: FileFields = {}) =>
  isForm(c) ? formBody(c, files) : jsonBody(c);
