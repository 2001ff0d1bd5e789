import { describe, expect, it } from 'vitest';
import { isVideoPath } from './media';

describe('which stored media are videos (SPEC 2.7)', () => {
  it.each(['clip.mp4', 'clip.webm', 'clip.ogg', 'uploads/3f9a.ogv', 'IMG_0001.MOV'])(
    '%s is a video',
    (path) => expect(isVideoPath(path)).toBe(true),
  );
  it.each(['photo.png', 'photo.jpeg', 'voice.wav', 'movie', 'mp4.png'])('%s is not', (path) =>
    expect(isVideoPath(path)).toBe(false),
  );
});
