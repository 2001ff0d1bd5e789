import { ActionIcon, Box, Center, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { isVideoPath, mediaUrl } from '@/lib/media';
import { USERS_TEXT } from './strings';

const MAX_MEDIA = 4;

/**
 * A profile's photos and videos (SPEC 2.7): up to 4, one in view, previous and next arrows, no autoplay; a video is
 * recognised by its extension. A strip that slides, with no carousel library, each item 3 wide by 4 high
 * (user-profile.css): the profile's first load stays within its budget with the Moderation history in it.
 */
export function MediaCarousel({ paths, name }: { paths: (string | null)[]; name: string }) {
  const media = paths.filter((path): path is string => Boolean(path)).slice(0, MAX_MEDIA);
  const [shown, setShown] = useState(0);
  if (media.length === 0) {
    return (
      <Center h={200} bg="var(--console-muted)" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <Text c="dimmed">{USERS_TEXT.noMedia}</Text>
      </Center>
    );
  }
  return (
    <Box component="section" aria-roledescription="carousel" aria-label={`Photos and videos of ${name}`}>
      <Box style={{ overflow: 'hidden', borderRadius: 'var(--mantine-radius-md)' }}>
        <Box
          style={{
            display: 'flex',
            transform: `translateX(-${shown * 100}%)`,
            transition: 'transform 200ms ease',
          }}
        >
          {media.map((path, index) => (
            <Box
              key={`${path}-${index}`}
              style={{ flex: '0 0 100%' }}
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${media.length}`}
              inert={index !== shown}
            >
              {isVideoPath(path) ? (
                <video
                  className="profile-media"
                  src={mediaUrl(path)}
                  controls
                  preload="metadata"
                  aria-label={`Video ${index + 1} of ${name}`}
                />
              ) : (
                <img className="profile-media" src={mediaUrl(path)} alt={`Photo ${index + 1} of ${name}`} />
              )}
            </Box>
          ))}
        </Box>
      </Box>
      {media.length > 1 ? (
        <Group justify="space-between" mt="xs">
          <ActionIcon
            variant="default"
            aria-label="Previous media"
            disabled={shown === 0}
            onClick={() => setShown(shown - 1)}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Text size="sm" c="dimmed" aria-live="polite">
            {shown + 1} / {media.length}
          </Text>
          <ActionIcon
            variant="default"
            aria-label="Next media"
            disabled={shown === media.length - 1}
            onClick={() => setShown(shown + 1)}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
      ) : null}
    </Box>
  );
}
