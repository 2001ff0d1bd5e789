import { lazy, Suspense } from 'react';
import { closePendingQuestion, usePendingQuestion } from './confirm';

// The dialogs' code, every kind in one module, loads with the first question asked.
const PendingDialog = lazy(() =>
  import('./pending-dialog').then((module) => ({ default: module.PendingDialog })),
);

/** Mounted once in the providers; shows the pending confirmation (confirm.tsx), if any. */
export function ConfirmHost() {
  const request = usePendingQuestion();
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <PendingDialog request={request} close={closePendingQuestion} />
    </Suspense>
  );
}
