import { NUMBER_RANGE, sizeInMb, TEXT_MAX, UPLOAD_KINDS, type UploadKind } from '@contract/limits';

/**
 * The API's limits (contract/limits.ts) as the console's fields show them: a text field's maximum, a number's range,
 * a file field's kinds and size, looked up by the form's key (a catalogue's key, or posts, mail, profile) and the
 * field's name.
 */

/** 'report-element' → 'reportElement': a catalogue's key as the contract names its resource. */
const resourceOf = (form: string) => form.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

const entry = <T>(table: Record<string, Record<string, T>>, form: string, field: string): T | undefined =>
  table[resourceOf(form)]?.[field];

/** The most characters a text field takes, if the API limits it. */
export const textLimit = (form: string, field: string): number | undefined =>
  entry<number>(TEXT_MAX, form, field);

/** The range a number field takes, if the API limits it. */
export const numberLimit = (form: string, field: string): { min: number; max: number } | undefined =>
  entry<{ min: number; max: number }>(NUMBER_RANGE, form, field);

/** What a file field takes, as the chooser filters it and its description says it. */
export type UploadLimit = {
  kind: UploadKind;
  /** For the chooser's `accept`: the kinds, and the names some systems give no kind to. */
  accept: string;
  /** 'a PNG, JPEG, WebP or GIF image, at most 5 MB'. */
  says: string;
};

const EXTENSIONS: Record<UploadKind, RegExp> = {
  image: /\.(png|jpe?g|webp|gif)$/i,
  video: /\.(mp4|webm|ogg|ogv|mov)$/i,
  audio: /\.(mp3|wav|ogg|m4a|aac|weba)$/i,
};

const uploadLimit = (kind: UploadKind, extensions = ''): UploadLimit => ({
  kind,
  accept: [...UPLOAD_KINDS[kind].types, ...(extensions ? [extensions] : [])].join(','),
  says: `${UPLOAD_KINDS[kind].describe}, at most ${sizeInMb(UPLOAD_KINDS[kind].maxBytes)}`,
});

export const IMAGE_UPLOAD = uploadLimit('image');
export const VIDEO_UPLOAD = uploadLimit('video', '.mp4,.webm,.ogg,.mov');

/**
 * Why the API would refuse `file` in the field `label`, in its words ('Image 1 must be at most 5 MB'); undefined when
 * it takes it. The kind is the browser's, or the name's when the browser gives none; the server judges the content.
 */
export function fileRefusal(file: File, limit: UploadLimit, label: string): string | undefined {
  const { types, maxBytes, describe } = UPLOAD_KINDS[limit.kind];
  const known = file.type ? types.includes(file.type) : EXTENSIONS[limit.kind].test(file.name);
  if (!known) return `${label} must be ${describe}`;
  if (file.size > maxBytes) return `${label} must be at most ${sizeInMb(maxBytes)}`;
  return undefined;
}
