import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from './providers';
import { createRouter } from './router';

export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [router] = useState(createRouter);
  return (
    <AppProviders queryClient={client}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
