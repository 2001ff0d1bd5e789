import { env } from '@/config/env';

const VIDEO_EXTENSIONS = new Set(['mp4', 'webm', 'ogg', 'mov']);

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
