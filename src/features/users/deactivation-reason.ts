import { askForText } from '@/components/confirm';
import { REASON_MAX } from '@/lib/moderation';
import { USERS_TEXT } from './strings';

/**
 * 'status-reason': asks for the optional reason of a deactivation, of one user (`name`) or of several at once
 * (`count`, the list's bulk Deactivate). Resolves to the reason, null for none, or undefined when the admin cancelled.
 * The dialog's code loads on first use, so the users list's first load does not carry it.
 */
export function askDeactivationReason(
  who: { name: string } | { count: number },
): Promise<string | null | undefined> {
  return new Promise((resolve) =>
    askForText({
      title: USERS_TEXT.deactivateTitle('name' in who ? who.name : USERS_TEXT.deactivateCount(who.count)),
      message: USERS_TEXT.deactivateMessage,
      label: USERS_TEXT.reason,
      maxLength: REASON_MAX,
      tooLong: USERS_TEXT.reasonTooLong,
      confirmLabel: USERS_TEXT.deactivate,
      cancelLabel: USERS_TEXT.cancel,
      danger: true,
      onAnswer: (text) => resolve(text === undefined ? undefined : text || null),
    }),
  );
}
