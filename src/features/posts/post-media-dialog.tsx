import { Carousel } from '@mantine/carousel';
import '@mantine/carousel/styles.css';
import { AspectRatio, Modal } from '@mantine/core';
import { useModalDialog } from '@/components/modal-dialog';
import { mediaUrl } from '@/lib/media';
import { postMedia, type Post } from './api';

/**
 * The posts media viewer (SPEC 2.17): a dialog with a carousel of the post's images and its video, with arrows and
 * no autoplay. Loaded on first use, so the list's first load carries neither the carousel nor Embla.
 * The `video` field is played as a video whatever its extension (the server stores an Ogg video as .ogv).
 */
export function PostMediaDialog({ post, onClose }: { post: Post; onClose: () => void }) {
  useModalDialog(true);
  const { images, video } = postMedia(post);
  const slides = images.length + (video ? 1 : 0);
  return (
    <Modal opened onClose={onClose} title={post.name} centered size="lg">
      <Carousel
        withIndicators={slides > 1}
        withControls={slides > 1}
        emblaOptions={{ loop: false }}
        nextControlProps={{ 'aria-label': 'Next media' }}
        previousControlProps={{ 'aria-label': 'Previous media' }}
        aria-label={`Media of ${post.name}`}
      >
        {images.map((path, index) => (
          <Carousel.Slide key={`${path}-${index}`}>
            <AspectRatio ratio={4 / 3}>
              <img
                src={mediaUrl(path)}
                alt={`Image ${index + 1} of ${post.name}`}
                style={{ objectFit: 'contain' }}
              />
            </AspectRatio>
          </Carousel.Slide>
        ))}
        {video ? (
          <Carousel.Slide>
            <AspectRatio ratio={4 / 3}>
              <video src={mediaUrl(video)} controls preload="metadata" aria-label={`Video of ${post.name}`} />
            </AspectRatio>
          </Carousel.Slide>
        ) : null}
      </Carousel>
    </Modal>
  );
}
