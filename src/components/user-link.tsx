import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { UserRef } from '@/lib/declared-columns';

/** SPEC 2.20 / 8: a user who is missing, or has no name, reads Unknown. The text a list exports and sorts by. */
export const userName = (user: UserRef) => user?.name || 'Unknown';

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
