import type { DefaultBodyType, HttpResponseResolver, PathParams } from 'msw';
import { adminPasswordProblem } from '@contract/admin-password';
import { sizeInMb, UPLOAD_KINDS } from '@contract/limits';
import {
  checkBool,
  checkPageNumber,
  checkSearch,
  checkSecret,
  checkText,
  optionalJsonObject,
  pageSize,
  Refusal as RuleRefusal,
} from '@contract/rules';
import { SORT_FIELDS, type SortedList, type SortField } from '@contract/sort-fields';
import { fail } from './http';

/**
 * The API's input rules (contract/rules.ts, which the reference server wraps in zod) for the calls the mocks answer,
 * so demo mode and the integration tests see what the server would say; server/test/contract.test.ts keeps the two
 * in step.
 */

export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The request field refused, when a rule refused one (the answer's `field`). */
    readonly field?: string,
    /** What the answer carries besides (a 409's `inForce`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const refuse = (message: string, status = 400) => new Refusal(status, message);

/** Wraps a resolver so a Refusal thrown anywhere in it becomes the server's `{ success: false, message }`. */
export function refusing<Params extends PathParams>(
  resolver: HttpResponseResolver<Params, DefaultBodyType>,
): HttpResponseResolver<Params, DefaultBodyType> {
  return async (info) => {
    try {
      return await resolver(info);
    } catch (error) {
      if (error instanceof Refusal) return fail(error.status, error.message, error.field, error.extra);
      throw error;
    }
  };
}

/** A rule's reading of the body's field `name`: a refusal names the field, as the server's fields() does. */
export function inField<T>(name: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof Refusal && error.status === 400 && !error.field)
      throw new Refusal(400, error.message, name);
    throw error;
  }
}

/** A contract rule's value, or its refusal thrown as a 400. */
function taken<T>(result: T | RuleRefusal): T {
  if (result instanceof RuleRefusal) throw refuse(result.message);
  return result;
}

export const text = (
  label: string,
  value: unknown,
  options: { required?: boolean; max: number; email?: boolean },
): string | undefined => taken(checkText(label, value, options));

export const requiredText = (label: string, value: unknown, options: { max: number; email?: boolean }) =>
  text(label, value, { ...options, required: true })!;

export const password = (label: string, value: unknown, options: { min?: number; max: number }): string =>
  taken(checkSecret(label, value, options));

/**
 * A password an admin account takes ('admin-password-rule'): the reference server's rule without its list of common
 * and breached passwords, which the demo does not carry. Refused on the field `password`.
 */
export function adminPassword(value: string): string {
  const problem = adminPasswordProblem(value);
  if (problem) throw new Refusal(400, problem, 'password');
  return value;
}

export const bool = (label: string, value: unknown): boolean =>
  taken(checkBool(label, value, { required: true }))!;

/** An id in a path: 24 hex digits. */
export function id(value: unknown): string {
  if (typeof value !== 'string' || !/^[0-9a-f]{24}$/.test(value)) throw refuse('Invalid id');
  return value;
}

/** A query value that must be one of a few. */
export function oneOf<T extends string>(
  value: string | null,
  allowed: readonly T[],
  message: string,
): T | undefined {
  if (value === null) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw refuse(message);
  return value as T;
}

/** A list's search text. */
export const search = (value: string | null): string | undefined => taken(checkSearch(value));

const wholeFromOne = (url: URL, name: string, label: string) =>
  taken(checkPageNumber(label, url.searchParams.get(name)));

/** page with items or limit, as the server reads them: decimal digits only, from 1; at most 100 a page. */
export function paging(url: URL) {
  const page = wholeFromOne(url, 'page', 'Page') ?? 1;
  const items = wholeFromOne(url, 'items', 'Items');
  const limit = wholeFromOne(url, 'limit', 'Limit');
  const size = pageSize(items, limit);
  return { page, size, skip: (page - 1) * size };
}

export function paginate<T>(rows: readonly T[], url: URL) {
  const { page, size, skip } = paging(url);
  return { result: rows.slice(skip, skip + size), pagination: { count: rows.length, page, items: size } };
}

/** A value a list sorts by, in SQLite's order: null first, then numbers, then text. */
type SortValue = string | number | null;
/** What each of a list's sort fields (contract/sort-fields.ts) orders its rows by. */
export type SortFields<T, List extends SortedList> = Record<
  SortField<List>,
  (row: T) => readonly SortValue[]
>;

/** Text as SQLite's NOCASE compares it: only A-Z fold. */
export const nocase = (text: string | null | undefined) =>
  text?.replace(/[A-Z]/g, (c) => c.toLowerCase()) ?? null;

const rank = (value: SortValue) => (value === null ? 0 : typeof value === 'number' ? 1 : 2);

function compareValues(a: readonly SortValue[], b: readonly SortValue[]) {
  for (let i = 0; i < a.length; i += 1) {
    const [x, y] = [a[i] ?? null, b[i] ?? null];
    if (rank(x) !== rank(y)) return rank(x) - rank(y);
    if (x !== null && y !== null && x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * The server's list sort (server/lib/sort.ts): `sort` one of the list's fields ('Sort must be one of …'), `order` asc or desc
 * ('Order must be asc or desc'), empty values absent; ties broken by `tieBreak` in the same direction. Without a sort
 * the rows keep their order.
 */
export function sortRows<T, List extends SortedList>(
  rows: readonly T[],
  url: URL,
  list: List,
  fields: SortFields<T, List>,
  tieBreak: (row: T) => SortValue,
): readonly T[] {
  const sort = url.searchParams.get('sort') || null;
  if (sort !== null && !(SORT_FIELDS[list] as readonly string[]).includes(sort))
    throw refuse(`Sort must be one of ${SORT_FIELDS[list].join(', ')}`);
  const order = oneOf(url.searchParams.get('order') || null, ['asc', 'desc'], 'Order must be asc or desc');
  if (sort === null) return rows;
  const keys = fields[sort as SortField<List>];
  const direction = order === 'desc' ? -1 : 1;
  return [...rows].sort(
    (a, b) => direction * compareValues([...keys(a), tieBreak(a)], [...keys(b), tieBreak(b)]),
  );
}

/** listAll's query: `enabled` is accepted (and does not filter), `sortBy` only as 'enabled'. */
export function listAllQuery(url: URL) {
  oneOf(url.searchParams.get('enabled'), ['true', 'false'], "enabled must be 'true' or 'false'");
  return oneOf(url.searchParams.get('sortBy'), ['enabled'], "sortBy must be 'enabled'");
}

/** A JSON object body, or the server's refusal. */
export async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  const body: unknown = await request.json().catch(() => undefined);
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw refuse('The request body must be a JSON object');
  return body as Record<string, unknown>;
}

/** A JSON object body, or {} when the request has none (server/lib/body.ts's optionalJsonBody). */
export async function optionalJsonBody(request: Request): Promise<Record<string, unknown>> {
  return taken(optionalJsonObject(await request.text()));
}

/**
 * A multipart body, or the server's refusal. As on the server (formBody in server/lib/body.ts), a field sent once as "undefined" or
 * "null", as the old console writes an empty one, reads as empty.
 */
export async function formBody(request: Request): Promise<FormData> {
  if (
    !/multipart\/form-data|application\/x-www-form-urlencoded/i.test(
      request.headers.get('content-type') ?? '',
    )
  )
    throw refuse('The request must be multipart form data');
  const form = await request.formData().catch(() => {
    throw refuse('The request must be multipart form data');
  });
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name);
    if (values.length === 1 && (values[0] === 'undefined' || values[0] === 'null')) form.set(name, '');
  }
  return form;
}

const IMAGE_SIGNATURES = [
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38],
  [0x52, 0x49, 0x46, 0x46],
];

/** An image field's file, judged by its first bytes as the server judges it by content; undefined when none. */
export async function imageFile(label: string, value: File | string | null): Promise<Blob | undefined> {
  if (value === null || typeof value === 'string' || value.size === 0) return undefined;
  if (value.size > UPLOAD_KINDS.image.maxBytes)
    throw refuse(`${label} must be at most ${sizeInMb(UPLOAD_KINDS.image.maxBytes)}`, 413);
  const head = new Uint8Array(await value.slice(0, 4).arrayBuffer());
  if (!IMAGE_SIGNATURES.some((signature) => signature.every((byte, i) => head[i] === byte)))
    throw refuse(`${label} must be ${UPLOAD_KINDS.image.describe}`, 415);
  return value;
}

/** The stored extension of a video, by its first bytes as the server judges it by content (MP4, MOV, WebM, Ogg). */
function videoExtension(head: Uint8Array): string | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.slice(from, to));
  if (ascii(4, 8) === 'ftyp') return ascii(8, 12) === 'qt  ' ? 'mov' : 'mp4';
  if ([0x1a, 0x45, 0xdf, 0xa3].every((byte, i) => head[i] === byte)) return 'webm';
  if (ascii(0, 4) === 'OggS') return 'ogv';
  return undefined;
}

/** A video field's file and the extension it is stored under; undefined when none was sent. */
export async function videoFile(
  label: string,
  value: File | string | null,
): Promise<{ file: Blob; extension: string } | undefined> {
  if (value === null || typeof value === 'string' || value.size === 0) return undefined;
  if (value.size > UPLOAD_KINDS.video.maxBytes)
    throw refuse(`${label} must be at most ${sizeInMb(UPLOAD_KINDS.video.maxBytes)}`, 413);
  const extension = videoExtension(new Uint8Array(await value.slice(0, 12).arrayBuffer()));
  if (!extension) throw refuse(`${label} must be ${UPLOAD_KINDS.video.describe}`, 415);
  return { file: value, extension };
}
