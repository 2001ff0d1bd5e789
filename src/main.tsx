// Mantine's base only: each component's stylesheet comes with the chunk that uses it (vite-plugins/
// mantine-styles-per-component.ts), so the first load carries only the shell's components.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
// The components nearly every screen shows (buttons, inputs, loaders, badges, links) and the shared list's styles go
// in the first stylesheet: one file instead of a string of small ones, each of which restyles the page on arrival.
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@/components/page-kit/page-card.css';
import '@/components/list-kit/data-table.css';
import '@/components/list-kit/pagination-bar.css';
import './styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { prefetchFirstPage } from '@/app/route-code';
import { createQueryClient } from '@/lib/query-client';

async function start() {
  // Demo mode (npm run dev:mock): MSW's worker in front of the reference server, bending calls as the demo panel says.
  // Never part of a production build.
  if (import.meta.env.MODE === 'mock') {
    const { startDemoMode } = await import('@mocks/browser');
    await startDemoMode();
  }
  const queryClient = createQueryClient();
  prefetchFirstPage(queryClient);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // A transition lets React render the first screen in slices, yielding to the browser between them, instead of one
  // long task that blocks input (Lighthouse's Total Blocking Time).
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}

void start();
