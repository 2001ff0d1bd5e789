import { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HttpError } from './errors';
import { UPLOAD_BODY_LIMIT } from './uploads';

const KB = 1024;

/** The largest body each kind of route reads; a larger one is refused with 413 before it is read in full. */
export const BODY_LIMITS = {
  /** Sign-in: an e-mail address and a password. */
  signIn: 8 * KB,
  /** JSON writes: the longest texts (rich HTML, 50,000 characters) with room for escaping. */
  json: 1024 * KB,
  /** Routes that take files. */
  upload: UPLOAD_BODY_LIMIT,
  /** Routes that read no body (GET, DELETE, PATCH with a query). */
  none: 16 * KB,
} as const;

/**
 * After an answer sent before the request's body had arrived (a refusal, a limit crossed), the connection closes.
 * Up to `bytes` more of the body is read and dropped, so that a client that stops sending when it gets the answer
 * can finish its last writes and close; then nothing more is read, and the socket is destroyed when the client has
 * closed its side or `ms` has passed, by which time the client has read the answer.
 */
export const LINGER = { bytes: 64 * KB, ms: 2000 } as const;

/** The Node request behind a Hono one, when the app runs in @hono/node-server (not in app.request() tests). */
const nodeRequest = (c: Context): IncomingMessage | undefined => {
  const incoming: unknown = (c.env as { incoming?: unknown } | undefined)?.incoming;
  return incoming instanceof IncomingMessage ? incoming : undefined;
};

const declaredLength = (c: Context) => {
  const header = c.req.header('content-length');
  return header !== undefined && !c.req.header('transfer-encoding') ? Number(header) : undefined;
};

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
 * The first middleware of every request: when the answer leaves before the body has arrived in full, it says
 * `Connection: close` and the connection is closed cleanly, so that a client never sends its next request on a
 * connection the server is about to drop.
 */
export function requestBodies(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const incoming = nodeRequest(c);
    if (incoming && !incoming.complete) {
      c.header('Connection', 'close');
      closeAfterAnswer(incoming);
    }
  };
}

const isForm = (c: Context) =>
  /multipart\/form-data|application\/x-www-form-urlencoded/i.test(c.req.header('content-type') ?? '');

/**
 * Reads and drops a body of at most `max` bytes, with or without Content-Length; past that, 413 and nothing more
 * is read. Under Node the body is read from the socket's request even for GET, whose Request carries none.
 */
async function dropBody(c: Context, max: number): Promise<void> {
  const declared = declaredLength(c);
  if (declared !== undefined && declared > max) throw new HttpError(413, 'The request body is too large');
  const incoming = nodeRequest(c);
  if (!incoming) {
    const stream = c.req.raw.body;
    if (!stream || stream.locked) return;
    let size = 0;
    for await (const chunk of stream) {
      size += chunk.length;
      if (size > max) throw new HttpError(413, 'The request body is too large');
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
      if (size > max) settle(new HttpError(413, 'The request body is too large'));
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

export const signInLimit = limit(BODY_LIMITS.signIn, 'The request body is too large');
export const jsonLimit = limit(BODY_LIMITS.json, 'The request body is too large');
const fileLimit = limit(BODY_LIMITS.upload, 'The upload is too large');
/** File routes: the upload limit for a form; a JSON body (no file changes) keeps the JSON limit. */
export const uploadLimit: MiddlewareHandler = (c, next) =>
  isForm(c) ? fileLimit(c, next) : jsonLimit(c, next);
/** Routes that read no body (GET, DELETE, PATCH with a query) still refuse one over 16 KB, however it is sent. */
export const noBodyLimit: MiddlewareHandler = async (c, next) => {
  await dropBody(c, BODY_LIMITS.none);
  await next();
};

/** A multipart (or url-encoded) body; anything else, or a broken one, is the client's mistake. */
export async function formBody(c: Context): Promise<Record<string, unknown>> {
  if (!isForm(c)) throw new HttpError(400, 'The request must be multipart form data');
  const body = await c.req.parseBody({ all: true }).catch((error: unknown) => {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'The request must be multipart form data');
  });
  // A field named like a built-in property ("__proto__", "constructor") is only ever read as an own property.
  return Object.assign(Object.create(null) as Record<string, unknown>, body);
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

/** Routes that take files accept a form, or JSON when no file changes. */
export const formOrJsonBody = (c: Context) => (isForm(c) ? formBody(c) : jsonBody(c));
