import { Carousel } from '@mantine/carousel';
import '@mantine/carousel/styles.css';
import { AspectRatio, Center, Text } from '@mantine/core';
import { isVideoPath, mediaUrl } from '@/lib/media';
import { USERS_TEXT } from './strings';

const MAX_MEDIA = 4;

/** A profile's photos and videos (SPEC 2.7): up to 4, arrows, no autoplay; a video is recognised by its extension. */
export function MediaCarousel({ paths, name }: { paths: (string | null)[]; name: string }) {
  const media = paths.filter((path): path is string => Boolean(path)).slice(0, MAX_MEDIA);
  if (media.length === 0) {
    return (
      <Center h={200} bg="var(--console-muted)" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <Text c="dimmed">{USERS_TEXT.noMedia}</Text>
      </Center>
    );
  }
  return (
    <Carousel
      withIndicators={media.length > 1}
      withControls={media.length > 1}
      emblaOptions={{ loop: false }}
      nextControlProps={{ 'aria-label': 'Next media' }}
      previousControlProps={{ 'aria-label': 'Previous media' }}
      aria-label={`Photos and videos of ${name}`}
    >
      {media.map((path, index) => (
        <Carousel.Slide key={`${path}-${index}`}>
          <AspectRatio ratio={3 / 4}>
            {isVideoPath(path) ? (
              <video
                src={mediaUrl(path)}
                controls
                preload="metadata"
                aria-label={`Video ${index + 1} of ${name}`}
              />
            ) : (
              <img
                src={mediaUrl(path)}
                alt={`Photo ${index + 1} of ${name}`}
                style={{ objectFit: 'cover' }}
              />
            )}
          </AspectRatio>
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
