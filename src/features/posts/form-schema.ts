import { z } from 'zod/mini';
import { requiredText } from '@/components/form-kit/schema-parts';
import type { Post, PostInput } from './api';
import { POSTS_TEXT } from './strings';

const chosenFile = z.nullable(z.custom<File>((value) => value instanceof File));

/**
 * SPEC 5: the name is required; the three images and the video are optional (each file field refuses a kind or a
 * size the server refuses when it is chosen).
 */
export const postFormSchema = z.object({
  name: requiredText(POSTS_TEXT.nameRequired),
  image1: chosenFile,
  image2: chosenFile,
  image3: chosenFile,
  video: chosenFile,
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
