import { Button, Loader, type ButtonProps } from '@mantine/core';
import { notify } from '@/lib/notify';
import { useSetUserStatus, type User } from './api';
import { USERS_TEXT } from './strings';

/**
 * Deactivate for an active user, Activate for an inactive one (SPEC 2.6, 4, 8): the server's message as Success,
 * failures as Error (the mutation's meta), and every users list and profile refreshed. Busy without `loading`, which
 * would disable the button and drop the keyboard focus to the page: the button keeps the focus through the change
 * and the refresh, and only its label changes. The users list and the profile use this one button.
 */
export function UserStatusButton({
  user,
  size = 'xs',
}: {
  user: Pick<User, '_id' | 'enabled'>;
  size?: ButtonProps['size'];
}) {
  const setStatus = useSetUserStatus();
  const busy = setStatus.isPending;
  return (
    <Button
      size={size}
      variant="light"
      color={user.enabled ? 'red' : 'green'}
      aria-busy={busy}
      rightSection={busy ? <Loader size={12} color="currentColor" aria-hidden /> : null}
      onClick={() => {
        if (busy) return;
        setStatus.mutate(
          { userId: user._id, enabled: !user.enabled },
          {
            onSuccess: (answer) =>
              notify.success(
                answer.message || (user.enabled ? USERS_TEXT.deactivated : USERS_TEXT.activated),
              ),
          },
        );
      }}
    >
      {user.enabled ? USERS_TEXT.deactivate : USERS_TEXT.activate}
    </Button>
  );
}
