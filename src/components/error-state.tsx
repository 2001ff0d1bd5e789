import { lazy, Suspense } from 'react';
import { errorText } from '@/lib/api-error';

// Mantine's Alert (and its close button) load only when a screen actually fails, not with every list.
const ErrorAlert = lazy(() => import('./error-alert').then((module) => ({ default: module.ErrorAlert })));

/** What a screen shows when its data could not be loaded: never a blank page. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Suspense fallback={<div role="alert">{errorText(error)}</div>}>
      <ErrorAlert error={error} onRetry={onRetry} />
    </Suspense>
  );
}
