import type { Progress } from 'ky';
import { z } from 'zod/mini';
import type { ListState } from '@/lib/list-state';
import { defineResource, toFormData } from '@/lib/data/resource';
import { id, optionalDate, optionalPath, text, userRef } from '@/lib/data/schemas';
import { version } from '@/lib/core/versioned-update';
import {
  POST_READ_ENDPOINTS,
  POST_SORTS,
  postsListParams,
  postsPageParams,
  readPostsList,
  type PostsListParams,
} from './calls';

const post = z.pipe(
  z.object({
    _id: id,
    name: text,
    image1: optionalPath,
    image2: optionalPath,
    image3: optionalPath,
    video: optionalPath,
    userId: z.nullish(userRef),
    created: optionalDate,
    createdAt: optionalDate,
    updatedAt: version,
  }),
  // SPEC 3 names the date `created`; some answers carry only `createdAt`.
  z.transform(({ created, createdAt, userId, ...rest }) => ({
    ...rest,
    user: userId ?? null,
    addedAt: created ?? createdAt,
  })),
);

export type Post = z.output<typeof post>;

/** What the form sends (SPEC 7.10): files only when chosen; `onUploadProgress` watches the sending. */
export type PostInput = {
  image1: File | null;
  image2: File | null;
  image3: File | null;
  video: File | null;
  name: string;
  userId: string;
  onUploadProgress?: (progress: Progress) => void;
};

export { POST_SORTS, readPostsList, type PostsListParams };

/** SPEC 7.10: the posts list (page, items, q with fields=name), read, create, update and delete. */
export const postResource = defineResource<Post, PostInput, PostsListParams>({
  key: 'posts',
  item: post,
  endpoints: {
    ...POST_READ_ENDPOINTS,
    create: 'post/create',
    update: (postId) => `post/update/${postId}`,
    remove: (postId) => `post/delete/${postId}`,
  },
  pageParams: postsPageParams,
  toRequest: ({ onUploadProgress, ...fields }) => ({ body: toFormData(fields), onUploadProgress }),
});

export const postQueries = postResource.queries;

/** The posts list the URL asks for: what /post shows and what its route prefetches. */
export const postsListQuery = (state: ListState) => postQueries.page(postsListParams(state));

/** A post's media for the viewer (SPEC 9): up to three images, then the video. */
export function postMedia(item: Pick<Post, 'image1' | 'image2' | 'image3' | 'video'>) {
  const images = [item.image1, item.image2, item.image3].filter((path): path is string => Boolean(path));
  return { images, video: item.video };
}
