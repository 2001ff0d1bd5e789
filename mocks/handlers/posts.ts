import { http } from 'msw';
import { TEXT_MAX } from '@contract/limits';
import { changeSummary, recordActivity } from '../activity';
import { db, nextId } from '../db';
import { apiPath, notFound, ok, refuseWithoutAdmin } from '../http';
import type { MockPost } from '../post-fixtures';
import {
  formBody,
  id,
  imageFile,
  inField,
  nocase,
  paging,
  paginate,
  refusing,
  requiredText,
  search,
  sortRows,
  videoFile,
  type SortFields,
} from '../rules';
import { memberAnswer } from '../scenario';
import { nextVersion, refuseStaleWrite } from '../versions';

/** As the server answers a post: the author joined as { _id, name, surname } (server/routes/content.ts). */
function serialize(post: MockPost) {
  const author = [db.admin, ...db.users].find((user) => user._id === post.userId);
  return {
    ...post,
    userId: memberAnswer({ _id: post.userId, name: author?.name ?? '', surname: author?.surname ?? '' })!,
  };
}

/** The server's checks, in its order: the name, then each file against its own kind. Files get stored names. */
async function postFields(body: FormData, postId: string) {
  const name = inField('name', () => requiredText('Name', body.get('name'), { max: TEXT_MAX.posts.name }));
  const media: Partial<Pick<MockPost, 'image1' | 'image2' | 'image3' | 'video'>> = {};
  for (const [field, label] of [
    ['image1', 'Image 1'],
    ['image2', 'Image 2'],
    ['image3', 'Image 3'],
  ] as const) {
    if (await imageFile(label, body.get(field)))
      media[field] = `uploads/posts/${postId}-${field}-${nextId()}.png`;
  }
  const video = await videoFile('Video', body.get('video'));
  if (video) media.video = `uploads/posts/${postId}-${nextId()}.${video.extension}`;
  return { name, media };
}

const POST_SORTS: SortFields<ReturnType<typeof serialize>, 'posts'> = {
  name: (post) => [nocase(post.name)],
  created: (post) => [post.created],
  user: (post) => [nocase(post.userId.name)],
};

export const postHandlers = [
  http.get(
    apiPath('post/list'),
    refusing(({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      const url = new URL(request.url);
      paging(url);
      const q = search(url.searchParams.get('q'))?.toLowerCase();
      const rows = q ? db.posts.filter((post) => post.name.toLowerCase().includes(q)) : db.posts;
      const sorted = sortRows(rows.map(serialize), url, 'posts', POST_SORTS, (post) => post._id);
      return ok(paginate(sorted, url));
    }),
  ),

  http.get(
    apiPath('post/read/:id'),
    refusing(({ request, params }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      const post = db.posts.find((item) => item._id === id(params.id));
      return post ? ok({ result: serialize(post) }) : notFound('Post');
    }),
  ),

  http.post(
    apiPath('post/create'),
    refusing(async ({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      const postId = nextId();
      const { name, media } = await postFields(await formBody(request), postId);
      const stamp = new Date().toISOString();
      // The author is the admin whose token made the call, whatever the body's userId says (as on the server).
      const post: MockPost = {
        _id: postId,
        name,
        image1: null,
        image2: null,
        image3: null,
        video: null,
        ...media,
        userId: db.admin._id,
        created: stamp,
        createdAt: stamp,
        updatedAt: stamp,
      };
      db.posts.unshift(post);
      recordActivity({
        action: 'create',
        recordType: 'post',
        recordId: post._id,
        recordName: post.name,
        summary: 'Created',
      });
      return ok({ message: 'Post created successfully', result: serialize(post) });
    }),
  ),

  http.patch(
    apiPath('post/update/:id'),
    refusing(async ({ request, params }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      const post = db.posts.find((item) => item._id === id(params.id));
      if (!post) return notFound('Post');
      const { name, media } = await postFields(await formBody(request), post._id);
      const stale = refuseStaleWrite(request, post.updatedAt);
      if (stale) return stale;
      // A file not sent again keeps the stored one.
      const summary = changeSummary(post, { name, ...media });
      Object.assign(post, { name, ...media, updatedAt: nextVersion(post.updatedAt) });
      recordActivity({
        action: 'update',
        recordType: 'post',
        recordId: post._id,
        recordName: post.name,
        summary,
      });
      return ok({ message: 'Post updated successfully', result: serialize(post) });
    }),
  ),

  http.delete(
    apiPath('post/delete/:id'),
    refusing(({ request, params }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      const postId = id(params.id);
      const post = db.posts.find((item) => item._id === postId);
      if (!post) return notFound('Post');
      db.posts = db.posts.filter((item) => item !== post);
      recordActivity({
        action: 'delete',
        recordType: 'post',
        recordId: postId,
        recordName: post.name,
        summary: 'Deleted',
      });
      return ok({ message: 'Post deleted successfully' });
    }),
  ),
];
