import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { ConfirmHost } from '@/components/confirm';
import { session } from '@/lib/session';
import { unsavedChanges } from '@/lib/unsaved-changes';
import { theme } from './theme';

// Mounted right after the first render: notifications raised before then wait in Mantine's store.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

// Development builds only: the import is dropped from production bundles.
const ReactQueryDevtools = import.meta.env.DEV
  ? lazy(() =>
      import('@tanstack/react-query-devtools').then((module) => ({ default: module.ReactQueryDevtools })),
    )
  : null;

/**
 * Ending a session (logout, expiry, another tab) drops every cached answer of the old one; except while a form with
 * unsaved input waits for the admin to sign in again over it, which needs its page's data.
 */
function useClearCacheOnSessionEnd(queryClient: QueryClient) {
  useEffect(
    () =>
      session.subscribe(() => {
        if (!session.get() && !(session.endReason() === 'expired' && unsavedChanges.any()))
          queryClient.clear();
      }),
    [queryClient],
  );
}

type AppProvidersProps = {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals, which jsdom cannot run. */
  mantineEnv?: 'default' | 'test';
};

export function AppProviders({ queryClient, children, mantineEnv = 'default' }: AppProvidersProps) {
  useClearCacheOnSessionEnd(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} env={mantineEnv}>
        <Suspense fallback={null}>
          <Notifications position="top-right" />
        </Suspense>
        <ConfirmHost />
        {children}
      </MantineProvider>
      {ReactQueryDevtools ? (
        <Suspense fallback={null}>
          <ReactQueryDevtools buttonPosition="bottom-left" />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
