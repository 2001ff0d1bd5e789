import { Avatar, type AvatarProps } from '@mantine/core';
import { mediaUrl } from '@/lib/media';
import { avatarColour, initialOf } from './avatar-colour';

/** A user's first photo, or their initial on the colour SPEC 9 picks for their name. */
export function UserAvatar({ name, image, ...props }: { name: string; image: string | null } & AvatarProps) {
  const src = mediaUrl(image);
  return (
    <Avatar
      src={src}
      alt={src ? name : undefined}
      radius="xl"
      imageProps={{ loading: 'lazy', decoding: 'async' }}
      styles={src ? undefined : { placeholder: { backgroundColor: avatarColour(name), color: 'white' } }}
      {...props}
    >
      {initialOf(name)}
    </Avatar>
  );
}
