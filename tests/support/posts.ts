import { api } from './api-server';

/** A post as the reference server lists and reads it: its title, its media files' paths, its author. */
export type Post = {
  _id: string;
  name: string;
  image1: string | null;
  image2: string | null;
  image3: string | null;
  video: string | null;
  userId: { _id: string; name: string; surname: string } | null;
};

/** A post of the signed-in admin's titled `name`, with these files (none: a post without media), made through the API. */
export function addPost(name: string, files: Record<string, File> = {}) {
  const form = new FormData();
  form.append('name', name);
  for (const [field, file] of Object.entries(files)) form.append(field, file);
  return api.form<Post>('POST', '/api/post/create', form);
}
