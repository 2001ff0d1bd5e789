import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    // The router outside the providers: the questions they show (ConfirmHost) hold forms, which use it.
    <BrowserRouter>
      <AppProviders queryClient={client}>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}
