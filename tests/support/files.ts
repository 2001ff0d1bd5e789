/** Files a test uploads: the server judges a file by its content, so these hold the real thing's first bytes. */

/** A 1×1 PNG of 70 bytes. */
export const PNG_BYTES = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);

/** The 1×1 PNG as a file named `name`. */
export const pngFile = (name: string) => new File([PNG_BYTES], name, { type: 'image/png' });

/** An MP4's file type box, all the server reads of a video, as a file named `name`. */
export const mp4File = (name = 'clip.mp4') =>
  new File([new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d])], name, {
    type: 'video/mp4',
  });
