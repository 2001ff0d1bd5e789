import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { userName, type UserRef } from '@/lib/declared-columns';

/** Every list's user cell: a link to the profile (/users/{id}) with the name, or Unknown with nothing to open. */
export function UserLink({ user }: { user: UserRef }) {
  return user ? (
    <Anchor component={Link} to={`/users/${user._id}`} size="sm">
      {userName(user)}
    </Anchor>
  ) : (
    <Text size="sm">{userName(user)}</Text>
  );
}
