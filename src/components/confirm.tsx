import { lazy, Suspense, useSyncExternalStore } from 'react';

/**
 * One confirmation at a time, asked from anywhere (a row's Delete, the sidebar's Logout).
 * The dialog's code loads on first use, which keeps Mantine's modal machinery out of the first load.
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

const ConfirmDialog = lazy(() =>
  import('./confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);

let pending: ConfirmRequest | null = null;
const listeners = new Set<() => void>();

function setPending(next: ConfirmRequest | null) {
  pending = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    // A confirmation belongs to the console that asked it: once no host shows it (the app unmounted), it is gone.
    if (listeners.size === 0) pending = null;
  };
}

/** Mounted once in the providers; shows the pending confirmation, if any. */
export function ConfirmHost() {
  const request = useSyncExternalStore(subscribe, () => pending);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        request={request}
        onClose={() => setPending(null)}
        onConfirm={() => {
          setPending(null);
          request.onConfirm();
        }}
      />
    </Suspense>
  );
}

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
