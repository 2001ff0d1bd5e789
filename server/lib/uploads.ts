import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { HttpError } from './errors';
import { newId } from './ids';

/** What an upload field accepts, judged from the file's content (never its name or declared type). */
export type UploadKind = 'image' | 'media' | 'audio';

const IMAGE = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const VIDEO = ['video/mp4', 'video/webm', 'video/ogg', 'video/quicktime', 'application/ogg'];
const AUDIO = [
  'audio/mpeg',
  'audio/wav',
  'audio/x-wav',
  'audio/ogg',
  'audio/mp4',
  'audio/aac',
  'audio/webm',
  'audio/x-m4a',
];

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
    const name = `${newId()}.${type.ext}`;
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

/** The File in a multipart field, if one was sent (an empty string or a missing field means none). */
export function fileField(body: Record<string, unknown>, field: string): File | undefined {
  const value = body[field];
  const candidate = Array.isArray(value) ? value[0] : value;
  return candidate instanceof File && candidate.size > 0 ? candidate : undefined;
}
