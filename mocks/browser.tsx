import { http, HttpResponse } from 'msw';
import { setupWorker } from 'msw/browser';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ROLE_LABELS, ROLES, type Role } from '@contract/roles';
import { db, MOCK_ADMIN_EMAIL, MOCK_ADMIN_PASSWORD } from './db';
import { handlers } from './handlers';
import { loadSavedDb, saveDb, saveDbSoon, saveSeedForReload } from './persist';
import { setMockRole } from './roles';
import {
  getScenario,
  loadScenario,
  mockFeatures,
  SCENARIOS,
  setScenario,
  setSpecOnly,
  type Scenario,
} from './scenario';

/** Demo media: every stored image path answers with a generated picture, so lists and profiles look real. */
const demoMedia = http.get('*/uploads/*', ({ request }) => {
  const path = new URL(request.url).pathname;
  if (!/\.(png|jpe?g|webp|gif)$/i.test(path)) return new HttpResponse(null, { status: 404 });
  const hue = [...path].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="hsl(${hue},60%,70%)"/><circle cx="200" cy="160" r="80" fill="hsl(${hue},50%,45%)"/><rect x="80" y="260" width="240" height="140" rx="120" fill="hsl(${hue},50%,45%)"/></svg>`;
  return new HttpResponse(svg, { headers: { 'Content-Type': 'image/svg+xml' } });
});

function DemoPanel() {
  const [scenario, setLocal] = useState<Scenario>(getScenario());
  const [specOnly, setLocalSpecOnly] = useState(mockFeatures().length === 0);
  const [role, setLocalRole] = useState<Role>(db.admin.role);
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
      <label title="The admin's role ('roles'): the API refuses at once what it may not do; sign in again for the console to follow">
        Role{' '}
        <select
          value={role}
          onChange={(event) => {
            const next = event.target.value as Role;
            setMockRole(next);
            setLocalRole(next);
            void saveDb();
          }}
        >
          {ROLES.map((value) => (
            <option key={value} value={value}>
              {ROLE_LABELS[value]}
            </option>
          ))}
        </select>
      </label>{' '}
      <button
        type="button"
        onClick={() => {
          void saveSeedForReload().then(() => window.location.reload());
        }}
        title="Put the demo data back as it was"
      >
        Reset data
      </button>
      <div style={{ opacity: 0.7, marginTop: 4 }}>
        Sign in: {MOCK_ADMIN_EMAIL} / {MOCK_ADMIN_PASSWORD}
      </div>
    </div>
  );
}

export async function startDemoMode() {
  loadScenario();
  await loadSavedDb().catch((error: unknown) => console.error('Saved demo data could not be read', error));
  const worker = setupWorker(...handlers, demoMedia);
  // Every answer to a write may have changed the data (a sign-in adds a token): keep it for the next page.
  worker.events.on('response:mocked', ({ request }) => {
    if (request.method !== 'GET') void saveDbSoon();
  });
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  const container = document.createElement('div');
  container.setAttribute('aria-label', 'Demo mode controls');
  container.setAttribute('role', 'region');
  document.body.appendChild(container);
  createRoot(container).render(<DemoPanel />);
}
