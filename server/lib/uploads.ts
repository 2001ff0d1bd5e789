import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { HttpError } from './errors';
import { newId } from './ids';

/** What an upload field accepts, judged from the file's content (never its name or declared type). */
export type UploadKind = 'image' | 'media' | 'audio';

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

const IMAGE = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const VIDEO = ['video/mp4', 'video/webm', 'video/ogg', 'video/quicktime', 'application/ogg'];
const AUDIO = Object.keys(FORMATS).filter((type) => type.startsWith('audio/'));

const ACCEPTS: Record<UploadKind, string[]> = { image: IMAGE, media: [...IMAGE, ...VIDEO], audio: AUDIO };
const MAX_BYTES: Record<UploadKind, number> = {
  image: 5 * 1024 * 1024,
  media: 50 * 1024 * 1024,
  audio: 10 * 1024 * 1024,
};
const DESCRIBE: Record<UploadKind, string> = {
  image: 'an image (PNG, JPEG, WebP or GIF)',
  media: 'an image or a video (MP4, WebM, Ogg or MOV)',
  audio: 'an audio file',
};

export const UPLOAD_BODY_LIMIT = 60 * 1024 * 1024;

export class UploadStore {
  readonly directory: string;

  constructor(dataDir: string) {
    this.directory = join(dataDir, 'uploads');
    mkdirSync(this.directory, { recursive: true });
  }

  /** Checks and stores one uploaded file; returns its path relative to the API base, e.g. uploads/<id>.png. */
  async save(field: string, file: File, kind: UploadKind): Promise<string> {
    if (file.size === 0) throw new HttpError(400, `${field}: the file is empty`);
    if (file.size > MAX_BYTES[kind]) {
      throw new HttpError(413, `${field}: the file is larger than ${MAX_BYTES[kind] / 1024 / 1024} MB`);
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = await fileTypeFromBuffer(bytes);
    if (!type || !ACCEPTS[kind].includes(type.mime)) {
      throw new HttpError(415, `${field}: the file must be ${DESCRIBE[kind]}`);
    }
    const name = `${newId()}.${FORMATS[type.mime]!.extension}`;
    await writeFile(join(this.directory, name), bytes);
    return `uploads/${name}`;
  }

  /** Stores raw bytes produced by the server itself (demo media). */
  async saveGenerated(bytes: Uint8Array, extension: string): Promise<string> {
    const name = `${newId()}.${extension}`;
    await writeFile(join(this.directory, name), bytes);
    return `uploads/${name}`;
  }
}

/** The Content-Type of a stored upload, by its extension. */
export function uploadContentType(path: string): string | undefined {
  const extension = extname(path).slice(1).toLowerCase();
  return Object.values(FORMATS).find((format) => format.extension === extension)?.contentType;
}

/** The File in a multipart field, if one was sent (an empty string or a missing field means none). */
export function fileField(body: Record<string, unknown>, field: string): File | undefined {
  const value = body[field];
  const candidate = Array.isArray(value) ? value[0] : value;
  return candidate instanceof File && candidate.size > 0 ? candidate : undefined;
}
