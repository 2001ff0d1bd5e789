import { Button, Group, Modal, Text, type ButtonProps } from '@mantine/core';
import type { ConfirmRequest } from './confirm';
import { useModalDialog } from './modal-dialog';

/** One answer of a ChoiceDialog besides the safe one. */
export type DialogChoice = Pick<ButtonProps, 'color' | 'variant' | 'loading' | 'disabled'> & {
  label: string;
  onClick: () => void;
};

/**
 * A modal question. The safe answer (`cancelLabel`, which Escape and the close button also give) comes first and has
 * the focus, so Enter never does the irreversible thing by accident; the other answers follow it.
 */
export function ChoiceDialog({
  title,
  message,
  note,
  alert,
  cancelLabel,
  onCancel,
  choices,
}: {
  title: string;
  message: string;
  /** Something worth knowing before answering, under the message. */
  note?: string;
  /** What went wrong with the last answer, when it failed (the dialog stays open to choose again). */
  alert?: string;
  cancelLabel: string;
  onCancel: () => void;
  choices: DialogChoice[];
}) {
  useModalDialog(true);
  return (
    <Modal opened onClose={onCancel} title={title} centered>
      <Text size="sm">{message}</Text>
      {note ? (
        <Text size="sm" c="dimmed" mt="xs">
          {note}
        </Text>
      ) : null}
      {alert ? (
        <Text size="sm" c="red" mt="sm" role="alert">
          {alert}
        </Text>
      ) : null}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {cancelLabel}
        </Button>
        {choices.map(({ label, ...button }) => (
          <Button key={label} {...button}>
            {label}
          </Button>
        ))}
      </Group>
    </Modal>
  );
}

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
    <ChoiceDialog
      title={request.title}
      message={request.message}
      note={request.note}
      cancelLabel={request.cancelLabel}
      onCancel={onClose}
      choices={[
        { label: request.confirmLabel, color: request.danger ? 'red' : undefined, onClick: onConfirm },
      ]}
    />
  );
}
