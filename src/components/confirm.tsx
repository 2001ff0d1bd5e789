import type { MutationMeta } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { RestrictionInput } from '@contract/restrictions';

/**
 * One confirmation at a time, asked from anywhere (a row's Delete, the sidebar's Logout), and shown by the one host
 * (confirm-host.tsx), whose dialogs' code loads on first use: Mantine's modal machinery stays out of the first load.
 */
export type ConfirmRequest = {
  title: string;
  message: string;
  /** Something worth knowing before answering, under the message. */
  note?: string;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  onConfirm: () => void;
};

/** A question with an optional text answer (a reason): `onAnswer` gets the text ('' for none), or undefined if cancelled. */
export type TextPromptRequest = {
  title: string;
  message?: string;
  label: string;
  maxLength: number;
  /** Shown when the text is longer than maxLength, e.g. 'Reason must be at most 500 characters'. */
  tooLong: string;
  /** When an answer is needed: shown if none was given (e.g. 'Reason is required'). */
  required?: string;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  onAnswer: (text: string | undefined) => void;
};

/**
 * A restriction's questions ('restrictions', restriction-dialog.tsx): `onAnswer` gets the policy, facts, duration and
 * any withholding once saved (or checked, without `save`), or undefined if cancelled.
 */
export type RestrictionRequest = {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  /**
   * The one member restricted: the dialog reads their restriction in force and open reports first. Without it
   * (several members), it asks only whether each one's open reports close.
   */
  memberId?: string;
  /**
   * Writes the restriction (the member's deactivation, and what goes with it) and resolves to the words that say it
   * was done: the dialog stays open until it is through, and a refusal that names a field is said under it. Without
   * it (a bulk run, whose every write is its own) the dialog answers the restriction as soon as it is checked.
   */
  save?: (restriction: RestrictionInput) => Promise<string>;
  /** The save's mutation meta: what it changes, and how a failure is titled. */
  meta?: MutationMeta;
  onAnswer: (restriction: RestrictionInput | undefined) => void;
};

/** The password again ('step-up'): `onDone` gets true once the server took it, false if the admin declined. */
export type StepUpRequest = {
  /** The server's words for why it asks. */
  message: string | undefined;
  onDone: (confirmed: boolean) => void;
};

export type Pending =
  | ConfirmRequest
  | (TextPromptRequest & { prompt: true })
  | (RestrictionRequest & { restriction: true })
  | (StepUpRequest & { stepUp: true });

/** Declines the question on screen, if it waits for an answer. */
function decline(question: Pending | null) {
  if (question && ('prompt' in question || 'restriction' in question)) question.onAnswer(undefined);
  if (question && 'stepUp' in question) question.onDone(false);
}

let pending: Pending | null = null;
const listeners = new Set<() => void>();

function setPending(next: Pending | null) {
  pending = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    // A confirmation belongs to the console that asked it: once no host shows it (the app unmounted), it is gone.
    if (listeners.size === 0) {
      decline(pending);
      pending = null;
    }
  };
}

/** The question on screen, for the host that shows it (confirm-host.tsx). */
export function usePendingQuestion(): Pending | null {
  return useSyncExternalStore(subscribe, () => pending);
}

/** Takes the question off screen, once it is answered. */
export const closePendingQuestion = () => setPending(null);

/** SPEC 8: every delete asks first. */
export function confirmDelete(onConfirm: () => void) {
  setPending({
    title: 'Are you sure you want to delete this item?',
    message: 'This action cannot be undone.',
    confirmLabel: 'Yes',
    cancelLabel: 'No',
    danger: true,
    onConfirm,
  });
}

export function confirmLogout(onConfirm: () => void) {
  setPending({
    title: 'Are you sure you want to logout?',
    message: 'You will be logged out of your account.',
    confirmLabel: 'Yes',
    cancelLabel: 'No',
    onConfirm,
  });
}

/** Any other confirmation (sending a mail to everyone): the caller's own words, the safe choice focused first. */
export function askToConfirm(request: ConfirmRequest) {
  setPending(request);
}

/** A question whose answer may carry some text (a reason), in a dialog of its own; one at a time, like a confirmation. */
export function askForText(request: TextPromptRequest) {
  setPending({ ...request, prompt: true });
}

/** A restriction's policy, facts and duration ('restrictions'), in a dialog of its own. */
export function askForRestriction(request: RestrictionRequest) {
  setPending({ ...request, restriction: true });
}

/**
 * The password again, for a call the server refused for want of a recent one (lib/data/api-client.ts); resolves as
 * StepUpRequest's onDone. A question already on screen is declined by it: the refused call cannot wait behind it.
 */
export function askForPassword(message: string | undefined): Promise<boolean> {
  return new Promise((onDone) => {
    decline(pending);
    setPending({ message, onDone, stepUp: true });
  });
}

/** Leaving a form that holds unsaved edits (a link, Back, the browser's back button). */
export function confirmLeave(onConfirm: () => void) {
  setPending({
    title: 'Leave this page?',
    message: 'You have unsaved changes. If you leave now, they will be lost.',
    confirmLabel: 'Leave',
    cancelLabel: 'Stay',
    danger: true,
    onConfirm,
  });
}
