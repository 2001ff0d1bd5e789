import { env } from '@/config/env';

/** SPEC 2.7's video kinds, plus .ogv: the name the reference server gives a stored Ogg video. */
const VIDEO_EXTENSIONS = new Set(['mp4', 'webm', 'ogg', 'ogv', 'mov']);

/** The URL of a stored media path: the API base plus the path, or the path itself when it is already absolute. */
export function mediaUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:)/i.test(path)) return path;
  return `${env.apiUrl}/${path.replace(/^\/+/, '')}`;
}

export function isVideoPath(path: string): boolean {
  const extension = path.split('?')[0]?.split('.').pop()?.toLowerCase() ?? '';
  return VIDEO_EXTENSIONS.has(extension);
}
