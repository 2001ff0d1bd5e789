import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

type ConfirmOptions = { title: string; message: string; confirmLabel: string; cancelLabel: string; danger?: boolean };

function confirm({ title, message, confirmLabel, cancelLabel, danger }: ConfirmOptions, onConfirm: () => void) {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: confirmLabel, cancel: cancelLabel },
    confirmProps: { color: danger ? 'red' : undefined },
    centered: true,
    onConfirm,
  });
}

/** SPEC 8: every delete asks first. */
export function confirmDelete(onConfirm: () => void) {
  confirm(
    {
      title: 'Are you sure you want to delete this item?',
      message: 'This action cannot be undone.',
      confirmLabel: 'Yes',
      cancelLabel: 'No',
      danger: true,
    },
    onConfirm,
  );
}

export function confirmLogout(onConfirm: () => void) {
  confirm(
    {
      title: 'Are you sure you want to logout?',
      message: 'You will be logged out of your account.',
      confirmLabel: 'Yes',
      cancelLabel: 'No',
    },
    onConfirm,
  );
}
