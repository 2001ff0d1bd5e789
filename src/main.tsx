// Mantine's base only: each component's stylesheet comes with the chunk that uses it (vite.config.ts,
// mantineStylesPerComponent), so the first load carries only the shell's components.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';

async function start() {
  // Demo mode: MSW answers in the browser from the fixture db the tests use. Never part of a production build.
  if (import.meta.env.MODE === 'mock') {
    const { startDemoMode } = await import('@mocks/browser');
    await startDemoMode();
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
