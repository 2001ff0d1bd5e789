import { lazy, Suspense } from 'react';
import { errorText } from '@/lib/core/api-error';

// Mantine's Alert (and its close button) load only when a screen actually fails, not with every list.
const ErrorAlert = lazy(() => import('../error-alert').then((module) => ({ default: module.ErrorAlert })));

/** Where a screen that cannot show its record sends the admin: its list. */
export type WayBack = { to: string; label: string };

/**
 * What a screen shows when its data could not be loaded: never a blank page. Try again is offered only where trying
 * again can succeed (not for a refusal such as 'Invalid id' or 'not found'); `back` offers the way to the list.
 */
export function ErrorState({
  error,
  onRetry,
  back,
}: {
  error: unknown;
  onRetry?: () => void;
  back?: WayBack;
}) {
  return (
    <Suspense fallback={<div role="alert">{errorText(error)}</div>}>
      <ErrorAlert error={error} onRetry={onRetry} back={back} />
    </Suspense>
  );
}
