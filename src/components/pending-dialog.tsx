import type { Pending } from './confirm';
import { ConfirmDialog } from './confirm-dialog';
import { TextPromptDialog } from './text-prompt-dialog';

/** The question confirm.tsx's host shows: a confirmation, or one with a text answer; `close` takes it off screen. */
export function PendingDialog({ request, close }: { request: Pending; close: () => void }) {
  if ('prompt' in request)
    return (
      <TextPromptDialog
        request={request}
        onAnswer={(text) => {
          close();
          request.onAnswer(text);
        }}
      />
    );
  return (
    <ConfirmDialog
      request={request}
      onClose={close}
      onConfirm={() => {
        close();
        request.onConfirm();
      }}
    />
  );
}
