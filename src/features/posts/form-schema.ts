import { z } from 'zod/mini';
import { requiredText } from '@/lib/form';
import { isVideoPath } from '@/lib/media';
import type { Post, PostInput } from './api';
import { POSTS_TEXT } from './strings';

const MB = 1024 * 1024;

/** What each chooser takes: the reference server's kinds and sizes (server/lib/uploads.ts), told before sending. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';
export const VIDEO_ACCEPT = 'video/mp4,video/webm,video/ogg,video/quicktime,.mp4,.webm,.ogg,.mov';
const IMAGE_TYPES = IMAGE_ACCEPT.split(',');
const IMAGE_MAX_BYTES = 5 * MB;
const VIDEO_MAX_BYTES = 50 * MB;

const chosenFile = z.nullable(z.custom<File>((value) => value instanceof File));

const imageField = (index: number) =>
  chosenFile.check(
    z.refine(
      (file) => !file || IMAGE_TYPES.includes(file.type) || /\.(png|jpe?g|webp|gif)$/i.test(file.name),
      POSTS_TEXT.imageKind(index),
    ),
    z.refine((file) => !file || file.size <= IMAGE_MAX_BYTES, POSTS_TEXT.imageSize(index)),
  );

/** SPEC 5: the name is required; the three images and the video are optional. A video is mp4, webm, ogg or mov. */
export const postFormSchema = z.object({
  name: requiredText(POSTS_TEXT.nameRequired),
  image1: imageField(1),
  image2: imageField(2),
  image3: imageField(3),
  video: chosenFile.check(
    z.refine((file) => !file || isVideoPath(file.name), POSTS_TEXT.videoKind),
    z.refine((file) => !file || file.size <= VIDEO_MAX_BYTES, POSTS_TEXT.videoSize),
  ),
});

export type PostFormValues = z.input<typeof postFormSchema>;

export const IMAGE_FIELDS = ['image1', 'image2', 'image3'] as const;

export function toFormValues(post?: Post): PostFormValues {
  return { name: post?.name ?? '', image1: null, image2: null, image3: null, video: null };
}

/** The multipart fields of SPEC 7.10, in its order; the author is the signed-in admin. */
export function toInput(values: z.output<typeof postFormSchema>, userId: string): PostInput {
  return {
    image1: values.image1,
    image2: values.image2,
    image3: values.image3,
    video: values.video,
    name: values.name.trim(),
    userId,
  };
}

export const hasFiles = (values: PostFormValues) =>
  [values.image1, values.image2, values.image3, values.video].some(Boolean);
