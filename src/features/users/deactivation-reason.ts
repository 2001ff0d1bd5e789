import { askForRestriction, askForText, type RestrictionRequest } from '@/components/confirm';
import type { RestrictionInput } from '@contract/restrictions';
import { REASON_MAX } from '@contract/moderation';

const TEXT = {
  title: (who: string) => `Deactivate ${who}?`,
  count: (count: number) => (count === 1 ? '1 user' : `${count.toLocaleString('en-US')} users`),
  someone: 'this user',
  message: 'They can no longer sign in. The reason is kept in the moderation history.',
  restrictionMessage:
    'They can no longer sign in. They are mailed a statement of reasons: the policy, the facts and how to appeal.',
  reason: 'Reason (optional)',
  tooLong: `Reason must be at most ${REASON_MAX} characters`,
  deactivate: 'Deactivate',
  cancel: 'Cancel',
};

/**
 * 'status-reason': asks for the optional reason of a deactivation, of one user (`name`) or of several at once
 * (`count`, the list's bulk Deactivate, and `about`: who they are). Resolves to the reason, null for none, or
 * undefined when the admin cancelled.
 * The users' status button loads this module on first use, and the dialog's own code loads with it, so the users
 * list's first load carries neither.
 */
export function askDeactivationReason(
  who: { name: string } | { count: number; about?: string },
): Promise<string | null | undefined> {
  return new Promise((resolve) =>
    askForText({
      title: TEXT.title('name' in who ? who.name || TEXT.someone : TEXT.count(who.count)),
      message: 'about' in who && who.about ? `${who.about}. ${TEXT.message}` : TEXT.message,
      label: TEXT.reason,
      maxLength: REASON_MAX,
      tooLong: TEXT.tooLong,
      confirmLabel: TEXT.deactivate,
      cancelLabel: TEXT.cancel,
      danger: true,
      onAnswer: (text) => resolve(text === undefined ? undefined : text || null),
    }),
  );
}

/**
 * 'restrictions': the policy, facts and duration of a deactivation, of one user (`memberId`: the dialog shows their
 * restriction in force and open reports) or several (`about`: who they are).
 * With `save` (one user) the dialog writes it, and stays open on a refusal; without (several) it answers the checked
 * restriction for the caller's writes. Resolves to the restriction, or undefined when the admin cancelled.
 */
export function askDeactivationRestriction(
  who: { name: string; memberId: string } | { count: number; about?: string },
  write?: Pick<RestrictionRequest, 'save' | 'meta'>,
): Promise<RestrictionInput | undefined> {
  return new Promise((resolve) =>
    askForRestriction({
      title: TEXT.title('name' in who ? who.name || TEXT.someone : TEXT.count(who.count)),
      message:
        'about' in who && who.about ? `${who.about}. ${TEXT.restrictionMessage}` : TEXT.restrictionMessage,
      confirmLabel: TEXT.deactivate,
      cancelLabel: TEXT.cancel,
      ...('memberId' in who ? { memberId: who.memberId } : {}),
      ...write,
      onAnswer: resolve,
    }),
  );
}
