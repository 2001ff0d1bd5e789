import { Button, Loader, type ButtonProps } from '@mantine/core';
import type { RestrictionRequest } from '@/components/confirm';
import { patchUserStatus, restrictionDone } from '@/lib/data/user-status';
import { userNameAndEmail } from '@/lib/declared-columns';
import { notify } from '@/lib/notify';
import { useFeature } from '@/lib/core/session';
import { STATUS_CHANGES, useSetUserStatus, type User } from './api';
import { USERS_TEXT } from './strings';

/**
 * A deactivation's optional reason ('status-reason'), of one user (named with their e-mail) or of several (the list's
 * bulk Deactivate, with who they are): the dialog's code (deactivation-reason.ts) loads on first use, through this
 * one import.
 */
export const askReason = (who: { name: string } | { count: number; about?: string }) =>
  import('./deactivation-reason').then(({ askDeactivationReason }) => askDeactivationReason(who));

/**
 * A restriction's policy, facts and duration ('restrictions'), of one user or several; undefined when cancelled. With
 * `write`, the dialog makes the deactivation itself. The dialog's code loads on first use.
 */
export const askRestriction = (
  who: { name: string; memberId: string } | { count: number; about?: string },
  write?: Pick<RestrictionRequest, 'save' | 'meta'>,
) =>
  import('./deactivation-reason').then(({ askDeactivationRestriction }) =>
    askDeactivationRestriction(who, write),
  );

/**
 * 'restrictions': asks for a restriction of one member (the dialog shows their restriction in force, which the new one
 * replaces only when the admin says so, and their open reports) and makes it: the member is deactivated, with the
 * status change's refresh, words and failures. Deactivate and the profile header's Restrict both ask through it.
 */
export const restrictMember = (user: Pick<User, '_id' | 'name' | 'surname' | 'email'>) =>
  askRestriction(
    { name: userNameAndEmail(user, ''), memberId: user._id },
    {
      save: (restriction) =>
        patchUserStatus({ userId: user._id, enabled: false, restriction }).then((answer) =>
          restrictionDone(answer, USERS_TEXT.deactivated),
        ),
      meta: { invalidates: STATUS_CHANGES, errorTitle: 'Error' },
    },
  );

/**
 * Deactivate for an active user, Activate for an inactive one (SPEC 2.6, 4, 8): the server's message as Success,
 * failures as Error (the mutation's meta), and every users list and profile refreshed. Busy without `loading`, which
 * would disable the button and drop the keyboard focus to the page: the button keeps the focus through the change
 * and the refresh, and only its label changes. The users list and the profile use this one button.
 * Where the API takes a reason ('status-reason'), Deactivate first asks for one (optional); where it takes a
 * restriction ('restrictions'), the restriction's dialog asks for it and makes the deactivation, as the status change
 * would (its refresh, its words, its failures). Activate stays one click.
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
  const change = (reason?: string | null) =>
    setStatus.mutate(
      { userId: user._id, enabled: !user.enabled, reason },
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
        if (user.enabled && restricts) return void restrictMember(user);
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
