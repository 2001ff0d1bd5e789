import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { askForPassword } from '@/components/confirm';
import { ConfirmHost } from '@/components/confirm-host';
import { provideProof } from '@/lib/data/api-client';
import { ApiError } from '@/lib/core/api-error';
import { notificationsContainer } from '@/lib/notify';
import { session } from '@/lib/core/session';
import { unsavedChanges } from '@/lib/unsaved-changes';
import { layoutColourSchemeManager, useLayoutSettings } from './layout/layout-settings';
import { cssVariablesResolver, themeFor } from './theme';

// Mounted with the first notification (lib/notify.ts), which waits in Mantine's store until then: a first load that
// raises none never fetches the container or its stylesheet.
const Notifications = lazy(() => import('./notifications-host'));

// Development builds only: the import is dropped from production bundles.
const ReactQueryDevtools = import.meta.env.DEV
  ? lazy(() =>
      import('@tanstack/react-query-devtools').then((module) => ({ default: module.ReactQueryDevtools })),
    )
  : null;

/**
 * Ending a session (logout, expiry, another tab) drops every cached answer of the old one; except while a form with
 * unsaved input waits for the admin to sign in again over it, which needs its page's data. Starting one forgets the
 * reads refused for want of a session (a screen still mounted as the session ended asks again, and is refused, after
 * the cache was cleared; a first page's prefetch may be refused before this hook subscribed): mounting does not retry
 * a failed read (retryOnMount: false), so without this the screen would tell the admin who has just signed in again
 * that their session has expired (e2e/mail-demo's old demo data, about half the runs on a loaded machine).
 */
function useSessionBoundCache(queryClient: QueryClient) {
  useEffect(() => {
    const follow = () => {
      if (session.get())
        void queryClient.resetQueries({
          predicate: (query) =>
            query.state.error instanceof ApiError && query.state.error.kind === 'session-expired',
        });
      else if (!(session.endReason() === 'expired' && unsavedChanges.any())) queryClient.clear();
    };
    return session.subscribe(follow);
  }, [queryClient]);
}

type AppProvidersProps = {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals, which jsdom cannot run. */
  mantineEnv?: 'default' | 'test';
};

// A call refused for want of a recent password ('step-up') asks for it in place, and is sent again.
provideProof(askForPassword);

export function AppProviders({ queryClient, children, mantineEnv = 'default' }: AppProvidersProps) {
  useSessionBoundCache(queryClient);
  const [{ accentColour, density }] = useLayoutSettings();
  const theme = useMemo(() => themeFor({ accentColour, density }), [accentColour, density]);
  const notificationsWanted = useSyncExternalStore(
    notificationsContainer.subscribe,
    notificationsContainer.wanted,
  );
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={layoutColourSchemeManager}
        defaultColorScheme="light"
        env={mantineEnv}
      >
        {notificationsWanted ? (
          <Suspense fallback={null}>
            <Notifications />
          </Suspense>
        ) : null}
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
