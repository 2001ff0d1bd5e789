import { randomBytes } from 'node:crypto';
import { constants, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { copyFile, link, open, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_KINDS, type UploadKind } from '../../contract/limits';
import type { Db } from '../db/postgres/db';
import { isFileReferenced, referencedFiles } from '../db/uploads';
import { HttpError } from './errors';

/** What an upload field accepts, judged from the file's content (never its name or declared type). */
export type { UploadKind };

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

/** Bodies of routes that take files: the largest file (a video) plus room for the other fields and images. */
export const UPLOAD_BODY_LIMIT = 70 * MB;

/**
 * A file part of a form, as the form reader received it: `path` is where it waits under DATA_DIR/tmp while its
 * request lasts, `type` what its first bytes say it is. A part no field asked for was counted and dropped (no path).
 */
export class ReceivedFile {
  constructor(
    readonly size: number,
    readonly type: string | undefined,
    readonly path: string | undefined,
  ) {}
}

/** A file that passed its checks and waits to be stored: nothing reaches uploads/ before the request is valid. */
export type CheckedFile = { extension: string } & ({ path: string } | { bytes: Uint8Array });

/** What file-type reads to recognise a stream (its `reasonableDetectionSizeInBytes`): the first bytes are enough. */
const SAMPLE_BYTES = 4100;

/** An unguessable stored name: 16 random bytes, so knowing one file's name tells nothing about another's. */
const storedName = (extension: string) => `${randomBytes(16).toString('hex')}.${extension}`;

const tooLarge = (label: string, kind: UploadKind) =>
  new HttpError(413, `${label} must be at most ${UPLOAD_KINDS[kind].maxBytes / MB} MB`);
const wrongKind = (label: string, kind: UploadKind) =>
  new HttpError(415, `${label} must be ${UPLOAD_KINDS[kind].describe}`);

export class UploadStore {
  readonly directory: string;
  /** Files of requests being read: each one is moved into `directory` when its write commits, or removed. */
  readonly staging: string;

  constructor(dataDir: string) {
    this.directory = join(dataDir, 'uploads');
    this.staging = join(dataDir, 'tmp');
    mkdirSync(this.directory, { recursive: true });
    mkdirSync(this.staging, { recursive: true });
  }

  /**
   * Takes in one file part as it arrives, for a field of `kind`: its bytes go to a new file under tmp/, and it is
   * refused (413, 415, with `label` naming the field) as soon as it grows past the field's size or its first bytes
   * show the wrong kind, so nothing more of it need be read. `path` is known at once, for the caller to remove.
   */
  async receive(label: string, kind: UploadKind) {
    const accepts = UPLOAD_KINDS[kind];
    const path = join(this.staging, `${randomBytes(16).toString('hex')}.part`);
    const file = await open(path, 'wx');
    let size = 0;
    let sample: Uint8Array[] | undefined = [];
    let type: string | undefined;
    const recognise = async () => {
      const buffer = Buffer.concat(sample!).subarray(0, SAMPLE_BYTES);
      sample = undefined;
      // A view of the same bytes made with this realm's Uint8Array, which file-type checks its input against: under
      // the console's tests (jsdom) the global Uint8Array is not Buffer's, and a Buffer was refused as no Uint8Array.
      const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
      type = (await fileTypeFromBuffer(bytes))?.mime;
      if (!type || !accepts.types.includes(type)) throw wrongKind(label, kind);
    };
    return {
      path,
      async write(chunk: Uint8Array) {
        size += chunk.length;
        if (size > accepts.maxBytes) throw tooLarge(label, kind);
        if (sample) {
          sample.push(chunk);
          if (size >= SAMPLE_BYTES) await recognise();
        }
        for (let written = 0; written < chunk.length;)
          written += (await file.write(chunk, written)).bytesWritten;
      },
      async end(): Promise<ReceivedFile> {
        if (sample && size > 0) await recognise();
        await file.close();
        return new ReceivedFile(size, type, path);
      },
      /** Lets go of the file when the request stops part-way; a closed one is no error. */
      close: () => file.close().catch(() => undefined),
    };
  }

  /** Checks a received file against its field's kind (the same rules as while it arrived); `label` names the field. */
  async check(label: string, file: ReceivedFile, kind: UploadKind): Promise<CheckedFile> {
    const accepts = UPLOAD_KINDS[kind];
    if (file.size === 0) throw new HttpError(400, `${label} is empty`);
    if (file.size > accepts.maxBytes) throw tooLarge(label, kind);
    if (!file.path || !file.type || !accepts.types.includes(file.type)) throw wrongKind(label, kind);
    return { path: file.path, extension: FORMATS[file.type]!.extension };
  }

  /**
   * Stores a checked file under a new name; returns its path relative to the API base, e.g. uploads/<hex>.png. A
   * received file gets a second name (a hard link, or a copy where links are not allowed) and never overwrites one.
   */
  async write(file: CheckedFile): Promise<string> {
    const name = storedName(file.extension);
    const target = join(this.directory, name);
    if ('bytes' in file) await writeFile(target, file.bytes, { flag: 'wx' });
    else
      await link(file.path, target).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST') throw error;
        return copyFile(file.path, target, constants.COPYFILE_EXCL);
      });
    return `uploads/${name}`;
  }

  /** Removes received files once their request is over; a missing one is no error. */
  async discard(paths: Iterable<string>) {
    await Promise.all([...paths].map((path) => rm(path, { force: true })));
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
 * How old a file must be before a sweep may remove it: younger, it may belong to a write under way in this process
 * or another one sharing DATA_DIR (received under tmp/, or stored under uploads/ and not yet committed).
 */
export const SWEEP_AGE_MS = 60 * 60_000;

/** Whether the file at `path` was last written before `before` (ms); a file gone meanwhile is not. */
const writtenBefore = (path: string, before: number) => {
  try {
    return statSync(path).mtimeMs < before;
  } catch {
    return false;
  }
};

/**
 * Keeps the upload directory to the files rows refer to. `release` runs right after a write commits, for the paths
 * it replaced or whose row it deleted; `sweep` runs at start-up and catches whatever a crash between a file's write
 * and its commit (or a commit and its release) left behind, and the received files of requests a crash cut short.
 */
export function fileKeeper(db: Db, uploads: UploadStore) {
  return {
    uploads,
    /** Removes the files of `paths` that no row names (any more). */
    async release(paths: Iterable<string | null | undefined>) {
      const named = [...new Set([...paths].filter((path): path is string => Boolean(path)))];
      const unreferenced = await Promise.all(named.map(async (path) => !(await isFileReferenced(db, path))));
      uploads.remove(named.filter((_, index) => unreferenced[index]));
    },
    /**
     * Writes the checked files under new names, then runs `write` in one transaction (`tx`) with their paths. After
     * the commit the files it answers as replaced go, if nothing else names them; on any failure the new files go.
     */
    async commit<T>(
      files: Record<string, CheckedFile | undefined>,
      write: (
        paths: Record<string, string>,
        tx: Db,
      ) => Promise<{ result: T; replaced?: (string | null | undefined)[] }>,
    ): Promise<T> {
      const paths: Record<string, string> = {};
      let result: T;
      let replaced: (string | null | undefined)[];
      try {
        for (const [field, file] of Object.entries(files)) if (file) paths[field] = await uploads.write(file);
        ({ result, replaced = [] } = await db.transaction((tx) => write(paths, tx)));
      } catch (error) {
        uploads.remove(Object.values(paths));
        throw error;
      }
      await this.release(replaced);
      return result;
    },
    /** Removes the files (older than `age` ms) that no row names, and those left under tmp/. */
    async sweep(age = SWEEP_AGE_MS) {
      const before = Date.now() - age;
      const kept = await referencedFiles(db);
      uploads.remove(
        uploads
          .list()
          .filter((path) => !kept.has(path) && writtenBefore(join(uploads.directory, path.slice(8)), before)),
      );
      for (const name of readdirSync(uploads.staging)) {
        const path = join(uploads.staging, name);
        if (writtenBefore(path, before)) rmSync(path, { force: true });
      }
    },
  };
}

export type FileKeeper = ReturnType<typeof fileKeeper>;

/** The Content-Type of a stored upload, by its extension. */
export function uploadContentType(path: string): string | undefined {
  const extension = extname(path).slice(1).toLowerCase();
  return Object.values(FORMATS).find((format) => format.extension === extension)?.contentType;
}

/** The file in a multipart field, if one was sent (an empty string, an empty file or a missing field means none). */
export function fileField(body: Record<string, unknown>, field: string): ReceivedFile | undefined {
  const value = Object.hasOwn(body, field) ? body[field] : undefined;
  const candidate = Array.isArray(value) ? value[0] : value;
  return candidate instanceof ReceivedFile && candidate.size > 0 ? candidate : undefined;
}
