import { Button, Loader, type ButtonProps } from '@mantine/core';
import type { RestrictionInput } from '@contract/restrictions';
import { userNameAndEmail } from '@/lib/declared-columns';
import { notify } from '@/lib/notify';
import { useFeature } from '@/lib/core/session';
import { useSetUserStatus, type User } from './api';
import { USERS_TEXT } from './strings';

/**
 * A deactivation's optional reason ('status-reason'), of one user (named with their e-mail) or of several (the list's
 * bulk Deactivate, with who they are): the dialog's code (deactivation-reason.ts) loads on first use, through this
 * one import.
 */
export const askReason = (who: { name: string } | { count: number; about?: string }) =>
  import('./deactivation-reason').then(({ askDeactivationReason }) => askDeactivationReason(who));

/**
 * A restriction's policy, facts and duration ('restrictions'), of one user or several; undefined when cancelled. The
 * dialog's code loads on first use.
 */
export const askRestriction = (who: { name: string } | { count: number; about?: string }) =>
  import('./deactivation-reason').then(({ askDeactivationRestriction }) => askDeactivationRestriction(who));

/**
 * Deactivate for an active user, Activate for an inactive one (SPEC 2.6, 4, 8): the server's message as Success,
 * failures as Error (the mutation's meta), and every users list and profile refreshed. Busy without `loading`, which
 * would disable the button and drop the keyboard focus to the page: the button keeps the focus through the change
 * and the refresh, and only its label changes. The users list and the profile use this one button.
 * Where the API takes a reason ('status-reason'), Deactivate first asks for one (optional); Activate stays one click.
 */
export function UserStatusButton({
  user,
  size = 'xs',
}: {
  user: Pick<User, '_id' | 'enabled' | 'name' | 'surname' | 'email'>;
  size?: ButtonProps['size'];
}) {
  const setStatus = useSetUserStatus();
  const withReason = useFeature('status-reason');
  const restricts = useFeature('restrictions');
  const busy = setStatus.isPending;
  const change = (reason?: string | null, restriction?: RestrictionInput) =>
    setStatus.mutate(
      { userId: user._id, enabled: !user.enabled, reason, restriction },
      {
        onSuccess: (answer) =>
          notify.success(answer.message || (user.enabled ? USERS_TEXT.deactivated : USERS_TEXT.activated)),
      },
    );
  return (
    <Button
      size={size}
      variant="light"
      color={user.enabled ? 'red' : 'green'}
      aria-busy={busy}
      rightSection={busy ? <Loader size={12} color="currentColor" aria-hidden /> : null}
      onClick={() => {
        if (busy) return;
        if (user.enabled && restricts)
          return void askRestriction({ name: userNameAndEmail(user, '') }).then((restriction) => {
            if (restriction) change(undefined, restriction);
          });
        if (!user.enabled || !withReason) return change();
        void askReason({ name: userNameAndEmail(user, '') }).then((reason) => {
          if (reason !== undefined) change(reason);
        });
      }}
    >
      {user.enabled ? USERS_TEXT.deactivate : USERS_TEXT.activate}
    </Button>
  );
}
