import { bypass } from 'msw';
import { setupWorker } from 'msw/browser';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  getScenario,
  loadScenario,
  SCENARIOS,
  scenarioHandler,
  setScenario,
  type Scenario,
} from './scenario';
import { isSpecOnly, loadSpecOnly, setSpecOnly } from './spec-only';
import { specOnlyHandlers } from './spec-only-handlers';

/** The demo's admin (scripts/dev-mock.mjs starts the server with it, the README publishes it). */
const DEMO_ADMIN = { email: 'admin@example.com', password: 'Admin@123' };

/** Puts the demo data back: scripts/dev-mock.mjs starts the server again on fresh data; resolves once it answers. */
async function resetData() {
  const started = await fetch('/__demo/reset', { method: 'POST' });
  if (!started.ok) throw new Error(`Reset failed (HTTP ${started.status})`);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const status = await fetch('/__demo/status').then(
      (response) =>
        response.ok ? (response.json() as Promise<{ resetting: boolean; running: boolean }>) : null,
      () => null,
    );
    if (status && !status.resetting) {
      if (!status.running) throw new Error('The demo server did not start again');
      return;
    }
  }
  throw new Error('The demo server took too long to start again');
}

function DemoPanel() {
  const [scenario, setLocal] = useState<Scenario>(getScenario());
  const [specOnly, setLocalSpecOnly] = useState(isSpecOnly());
  const [resetting, setResetting] = useState<'idle' | 'busy' | 'failed'>('idle');
  // Room under the page, so that its last lines (a form's buttons) can always scroll clear of this panel.
  useEffect(() => {
    document.body.style.paddingBottom = '96px';
  }, []);
  return (
    <div
      style={{
        position: 'fixed',
        right: 12,
        bottom: 12,
        zIndex: 10000,
        background: '#212529',
        color: 'white',
        padding: '8px 12px',
        borderRadius: 8,
        font: '12px system-ui, sans-serif',
        boxShadow: '0 4px 12px rgba(0,0,0,.3)',
      }}
    >
      <label>
        Demo backend{' '}
        <select
          value={scenario}
          onChange={(event) => {
            const next = event.target.value as Scenario;
            setScenario(next);
            setLocal(next);
          }}
        >
          {Object.entries(SCENARIOS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>{' '}
      <label title="The API names no extension at sign-in and answers SPEC's shapes only; sign in again to see it">
        <input
          type="checkbox"
          checked={specOnly}
          onChange={(event) => {
            setSpecOnly(event.target.checked);
            setLocalSpecOnly(event.target.checked);
          }}
        />{' '}
        SPEC-only API
      </label>{' '}
      <button
        type="button"
        disabled={resetting === 'busy'}
        onClick={() => {
          setResetting('busy');
          resetData().then(
            () => window.location.reload(),
            () => setResetting('failed'),
          );
        }}
        title="Put the demo data back as it was (the server starts again on fresh data)"
      >
        {resetting === 'busy' ? 'Resetting…' : 'Reset data'}
      </button>
      <div role="status" style={{ opacity: 0.7, marginTop: 4 }}>
        {resetting === 'failed'
          ? 'The demo data could not be reset: see the terminal running npm run dev:mock.'
          : `Sign in: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`}
      </div>
    </div>
  );
}

/**
 * Demo mode (`npm run dev:mock`): the reference server answers every call with its demo data; MSW's worker sits in
 * front of it only to bend calls as the panel says (slow, errors, an expired token, empty lists, SPEC-only), and
 * lets everything else through.
 */
export async function startDemoMode() {
  loadScenario();
  loadSpecOnly();
  const worker = setupWorker(scenarioHandler, ...specOnlyHandlers((request) => fetch(bypass(request))));
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  const container = document.createElement('div');
  container.setAttribute('aria-label', 'Demo mode controls');
  container.setAttribute('role', 'region');
  document.body.appendChild(container);
  createRoot(container).render(<DemoPanel />);
}
