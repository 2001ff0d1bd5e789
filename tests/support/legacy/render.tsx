import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { onTestFinished } from 'vitest';
import { db } from '@mocks/db';
import { mockFeatures, setSpecOnly, setWithheldFeatures } from '@mocks/scenario';
import type { Feature } from '@contract/features';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { session } from '@/lib/core/session';

export const TEST_TOKEN = 'test-admin-token';

/**
 * Stores a session as sign-in would, with a token the mock API accepts, the extensions it announces and the mock
 * admin's role (an Owner unless the test set another with mocks/roles.ts's setMockRole).
 */
export function signIn() {
  db.tokens.add(TEST_TOKEN);
  const features = mockFeatures();
  session.start({
    accessToken: TEST_TOKEN,
    name: db.admin.name,
    userLastName: db.admin.surname,
    userId: db.admin._id,
    email: db.admin.email,
    photo: db.admin.photo,
    features,
    role: features.includes('roles') ? db.admin.role : null,
  });
}

/**
 * For the rest of the test the mock API is SPEC's alone (mocks/scenario.ts): its sign-in names no extension, its
 * answers have SPEC's shapes and the extensions' routes are missing. Call it before renderApp.
 */
export function specOnlyApi() {
  setSpecOnly(true);
  onTestFinished(() => setSpecOnly(false));
}

/**
 * For the rest of the test the mock API offers every extension but these: what the console does with the others
 * alone (a deactivation's reason where 'restrictions' is not announced). Call it before renderApp.
 */
export function withoutFeatures(...features: Feature[]) {
  setWithheldFeatures(features);
  onTestFinished(() => setWithheldFeatures([]));
}

function LocationProbe({ onChange }: { onChange: (location: Location) => void }) {
  onChange(useLocation());
  return null;
}

/**
 * Renders the whole app (real route table, providers and mock API) at `path`.
 * Every call gets a fresh QueryClient; retries keep their count but skip the wait.
 * `router.state.location` is where the app is now.
 */
export function renderApp(path: string, { signedIn = true }: { signedIn?: boolean } = {}) {
  if (signedIn) signIn();
  const queryClient = createQueryClient({ queries: { retryDelay: 0 } });
  let location: Location | undefined;
  const visited: Location[] = [];
  const router = {
    get state() {
      if (!location) throw new Error('The app has not rendered yet');
      return { location };
    },
    /** Every location the app went to, in order, each once. */
    visited: () => visited.map((entry) => entry.pathname),
  };
  const track = (next: Location) => {
    location = next;
    if (visited.at(-1)?.key !== next.key) visited.push(next);
  };
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders queryClient={queryClient} mantineEnv="test">
        <LocationProbe onChange={track} />
        <AppRoutes />
      </AppProviders>
    </MemoryRouter>,
  );
  return { ...view, user, router, queryClient };
}
