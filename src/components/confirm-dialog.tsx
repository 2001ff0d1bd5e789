import { Button, Group, Modal, Text } from '@mantine/core';
import type { ConfirmRequest } from './confirm';
import { useModalDialog } from './modal-dialog';

export function ConfirmDialog({
  request,
  onClose,
  onConfirm,
}: {
  request: ConfirmRequest;
  onClose: () => void;
  onConfirm: () => void;
}) {
  useModalDialog(true);
  // The safe choice (No) has the focus first, so Enter never confirms by accident.
  return (
    <Modal opened onClose={onClose} title={request.title} centered>
      <Text size="sm">{request.message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus>
          {request.cancelLabel}
        </Button>
        <Button color={request.danger ? 'red' : undefined} onClick={onConfirm}>
          {request.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
