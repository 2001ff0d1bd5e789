import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../db/connection';
import { HttpError } from './errors';

/** What an upload field accepts, judged from the file's content (never its name or declared type). */
export type UploadKind = 'image' | 'video' | 'audio';

/** Each accepted type (as detected) → the extension it is stored under and the Content-Type it is served with. */
const FORMATS: Record<string, { extension: string; contentType: string }> = {
  'image/png': { extension: 'png', contentType: 'image/png' },
  'image/jpeg': { extension: 'jpg', contentType: 'image/jpeg' },
  'image/webp': { extension: 'webp', contentType: 'image/webp' },
  'image/gif': { extension: 'gif', contentType: 'image/gif' },
  'video/mp4': { extension: 'mp4', contentType: 'video/mp4' },
  'video/webm': { extension: 'webm', contentType: 'video/webm' },
  'video/ogg': { extension: 'ogv', contentType: 'video/ogg' },
  'video/quicktime': { extension: 'mov', contentType: 'video/quicktime' },
  'application/ogg': { extension: 'ogx', contentType: 'application/ogg' },
  'audio/mpeg': { extension: 'mp3', contentType: 'audio/mpeg' },
  'audio/wav': { extension: 'wav', contentType: 'audio/wav' },
  'audio/x-wav': { extension: 'wav', contentType: 'audio/wav' },
  'audio/ogg': { extension: 'ogg', contentType: 'audio/ogg' },
  'audio/mp4': { extension: 'm4a', contentType: 'audio/mp4' },
  'audio/x-m4a': { extension: 'm4a', contentType: 'audio/mp4' },
  'audio/aac': { extension: 'aac', contentType: 'audio/aac' },
  'audio/webm': { extension: 'weba', contentType: 'audio/webm' },
};

const MB = 1024 * 1024;

/** What each kind of field accepts, up to what size, and how a refusal names it. */
export const UPLOAD_KINDS: Record<UploadKind, { types: string[]; maxBytes: number; describe: string }> = {
  image: {
    types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
    maxBytes: 5 * MB,
    describe: 'a PNG, JPEG, WebP or GIF image',
  },
  video: {
    types: ['video/mp4', 'video/webm', 'video/ogg', 'video/quicktime', 'application/ogg'],
    maxBytes: 50 * MB,
    describe: 'an MP4, WebM, Ogg or MOV video',
  },
  audio: {
    types: Object.keys(FORMATS).filter((type) => type.startsWith('audio/')),
    maxBytes: 10 * MB,
    describe: 'an MP3, WAV, Ogg, M4A, AAC or WebM audio file',
  },
};

/** Bodies of routes that take files: the largest file (a video) plus room for the other fields and images. */
export const UPLOAD_BODY_LIMIT = 70 * MB;

/** Every column that holds a stored file's path: a file no row names here is removed. */
export const FILE_COLUMNS: readonly (readonly [table: string, column: string])[] = [
  ['users', 'photo'],
  ['users', 'image1'],
  ['users', 'image2'],
  ['users', 'image3'],
  ['users', 'image4'],
  ['users', 'audio_prompt'],
  ['hobbies', 'icon'],
  ['event_categories', 'icon'],
  ['looking_for', 'icon'],
  ['settings', 'image'],
  ['offers', 'brand_logo'],
  ['offers', 'image'],
  ['events', 'image'],
  ['posts', 'image1'],
  ['posts', 'image2'],
  ['posts', 'image3'],
  ['posts', 'video'],
  ['blogs', 'image'],
];

/** A file that passed its checks and waits to be written: nothing reaches the disk before the request is valid. */
export type CheckedFile = { bytes: Uint8Array; extension: string };

/** An unguessable stored name: 16 random bytes, so knowing one file's name tells nothing about another's. */
const storedName = (extension: string) => `${randomBytes(16).toString('hex')}.${extension}`;

export class UploadStore {
  readonly directory: string;

  constructor(dataDir: string) {
    this.directory = join(dataDir, 'uploads');
    mkdirSync(this.directory, { recursive: true });
  }

  /** Checks one uploaded file against its field's kind; `label` names the field in the refusal. */
  async check(label: string, file: File, kind: UploadKind): Promise<CheckedFile> {
    const accepts = UPLOAD_KINDS[kind];
    if (file.size === 0) throw new HttpError(400, `${label} is empty`);
    if (file.size > accepts.maxBytes)
      throw new HttpError(413, `${label} must be at most ${accepts.maxBytes / MB} MB`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = await fileTypeFromBuffer(bytes);
    if (!type || !accepts.types.includes(type.mime))
      throw new HttpError(415, `${label} must be ${accepts.describe}`);
    return { bytes, extension: FORMATS[type.mime]!.extension };
  }

  /** Writes checked files under new names; returns their paths relative to the API base, e.g. uploads/<hex>.png. */
  async write(file: CheckedFile): Promise<string> {
    const name = storedName(file.extension);
    await writeFile(join(this.directory, name), file.bytes, { flag: 'wx' });
    return `uploads/${name}`;
  }

  /** Stores raw bytes produced by the server itself (demo media). */
  saveGenerated(bytes: Uint8Array, extension: string): Promise<string> {
    return this.write({ bytes, extension });
  }

  /** Deletes stored files, whatever state they are in; a missing one is no error. */
  remove(paths: Iterable<string | null | undefined>) {
    for (const path of paths) {
      const name = path?.startsWith('uploads/') ? path.slice('uploads/'.length) : undefined;
      if (name && /^[\w.-]+$/.test(name)) rmSync(join(this.directory, name), { force: true });
    }
  }

  /** Every stored file's path. */
  list(): string[] {
    return readdirSync(this.directory, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `uploads/${entry.name}`);
  }
}

/**
 * Keeps the upload directory to the files rows refer to. `release` runs right after a write commits, for the paths
 * it replaced or whose row it deleted; `sweep` runs at start-up and catches whatever a crash between a file's write
 * and its commit (or a commit and its release) left behind.
 */
export function fileKeeper(db: Db, uploads: UploadStore) {
  const referenced = db.prepare<[{ path: string }], { n: number }>(
    `SELECT ${FILE_COLUMNS.map(([table, column]) => `EXISTS (SELECT 1 FROM ${table} WHERE ${column} = @path)`).join(' + ')} AS n`,
  );
  const everyPath = db.prepare<[], { path: string }>(
    FILE_COLUMNS.map(
      ([table, column]) => `SELECT ${column} AS path FROM ${table} WHERE ${column} IS NOT NULL`,
    ).join(' UNION '),
  );
  return {
    uploads,
    release(paths: Iterable<string | null | undefined>) {
      uploads.remove([...paths].filter((path) => path && referenced.get({ path })!.n === 0));
    },
    /**
     * Writes the checked files under new names, then runs `write` (one transaction) with their paths. After the
     * commit the files it answers as replaced go, if nothing else names them; on any failure the new files go.
     */
    async commit<T>(
      files: Record<string, CheckedFile | undefined>,
      write: (paths: Record<string, string>) => { result: T; replaced?: (string | null | undefined)[] },
    ): Promise<T> {
      const paths: Record<string, string> = {};
      try {
        for (const [field, file] of Object.entries(files)) if (file) paths[field] = await uploads.write(file);
        const { result, replaced = [] } = db.transaction(() => write(paths))();
        this.release(replaced);
        return result;
      } catch (error) {
        uploads.remove(Object.values(paths));
        throw error;
      }
    },
    sweep() {
      const kept = new Set(everyPath.all().map((row) => row.path));
      uploads.remove(uploads.list().filter((path) => !kept.has(path)));
    },
  };
}

export type FileKeeper = ReturnType<typeof fileKeeper>;

/** The Content-Type of a stored upload, by its extension. */
export function uploadContentType(path: string): string | undefined {
  const extension = extname(path).slice(1).toLowerCase();
  return Object.values(FORMATS).find((format) => format.extension === extension)?.contentType;
}

/** The File in a multipart field, if one was sent (an empty string or a missing field means none). */
export function fileField(body: Record<string, unknown>, field: string): File | undefined {
  const value = Object.hasOwn(body, field) ? body[field] : undefined;
  const candidate = Array.isArray(value) ? value[0] : value;
  return candidate instanceof File && candidate.size > 0 ? candidate : undefined;
}
