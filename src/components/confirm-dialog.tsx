import { Button, Group, Modal, Text } from '@mantine/core';
import type { ConfirmRequest } from './confirm';

export function ConfirmDialog({
  request,
  onClose,
  onConfirm,
}: {
  request: ConfirmRequest;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title={request.title} centered>
      <Text size="sm">{request.message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {request.cancelLabel}
        </Button>
        <Button color={request.danger ? 'red' : undefined} onClick={onConfirm} data-autofocus>
          {request.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
