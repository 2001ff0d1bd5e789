import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { env } from '@/config/env';
import { session } from '@/lib/session';
import { theme } from './theme';

// Development builds only: the import is dropped from production bundles.
const ReactQueryDevtools = env.isDev
  ? lazy(() =>
      import('@tanstack/react-query-devtools').then((module) => ({ default: module.ReactQueryDevtools })),
    )
  : null;

/** Ending a session (logout, expiry, another tab) drops every cached answer of the old one. */
function useClearCacheOnSessionEnd(queryClient: QueryClient) {
  useEffect(
    () =>
      session.subscribe(() => {
        if (!session.get()) queryClient.clear();
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
        <ModalsProvider>
          <Notifications position="top-right" />
          {children}
        </ModalsProvider>
      </MantineProvider>
      {ReactQueryDevtools ? (
        <Suspense fallback={null}>
          <ReactQueryDevtools buttonPosition="bottom-left" />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
