import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { TextPromptRequest } from './confirm';
import { useModalDialog } from './modal-dialog';

/**
 * A question with a text answer, optional unless `required` (confirm.tsx's askForText): the text box has the focus,
 * a counter says how much of the limit is used, and text over the limit, or none when one is needed, is refused with
 * the request's own message. Cancel, Escape and
 * the close button answer undefined; the confirm button answers the trimmed text ('' when none).
 */
export function TextPromptDialog({
  request,
  onAnswer,
}: {
  request: TextPromptRequest;
  onAnswer: (text: string | undefined) => void;
}) {
  useModalDialog(true);
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const tooLong = text.trim().length > request.maxLength;
  const missing = Boolean(request.required) && !text.trim();
  return (
    <Modal opened onClose={() => onAnswer(undefined)} title={request.title} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (!tooLong && !missing) onAnswer(text.trim());
        }}
      >
        <Stack gap="sm">
          {request.message ? <Text size="sm">{request.message}</Text> : null}
          <Textarea
            label={request.label}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            rows={4}
            data-autofocus
            description={`${text.trim().length} / ${request.maxLength}`}
            required={Boolean(request.required)}
            error={tooLong ? request.tooLong : tried && missing ? request.required : undefined}
          />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => onAnswer(undefined)}>
            {request.cancelLabel}
          </Button>
          <Button type="submit" color={request.danger ? 'red' : undefined}>
            {request.confirmLabel}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
