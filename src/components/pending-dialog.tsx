import { lazy } from 'react';
import type { Pending } from './confirm';
import { ConfirmDialog } from './confirm-dialog';
import { StepUpDialog } from './step-up-dialog';
import { TextPromptDialog } from './text-prompt-dialog';

// Its own chunk: only a console that announces 'restrictions' ever asks it.
const RestrictionDialog = lazy(() =>
  import('./restriction-dialog').then((module) => ({ default: module.RestrictionDialog })),
);

/** The question confirm-host.tsx shows: a confirmation, one with a text answer, or the password again; `close` takes it off screen. */
export function PendingDialog({ request, close }: { request: Pending; close: () => void }) {
  if ('stepUp' in request)
    return (
      <StepUpDialog
        request={request}
        onDone={(confirmed) => {
          close();
          request.onDone(confirmed);
        }}
      />
    );
  if ('restriction' in request)
    return (
      <RestrictionDialog
        request={request}
        onAnswer={(restriction) => {
          close();
          request.onAnswer(restriction);
        }}
      />
    );
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
