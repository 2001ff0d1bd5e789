import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { onTestFinished } from 'vitest';
import { announcedFeatures, setSpecOnly, setWithheldFeatures } from '@mocks/spec-only';
import type { Feature } from '@contract/features';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { session } from '@/lib/core/session';
import { signedInNow } from './api-server';

/**
 * Stores a session as sign-in would: the signed-in admin's (the seed's Owner, or whom api-server.ts's signInAs()
 * chose), with a token the reference server issued, the extensions the API announces and the admin's role.
 */
export function signIn() {
  const { admin, token } = signedInNow();
  const features = announcedFeatures();
  session.start({
    accessToken: token,
    name: admin.name,
    userLastName: admin.surname,
    userId: admin._id,
    email: admin.email,
    photo: admin.photo,
    features,
    role: features.includes('roles') ? admin.role : null,
  });
}

/**
 * For the rest of the test the API is SPEC's alone (mocks/spec-only-handlers.ts in front of the server): its sign-in
 * names no extension, its answers have SPEC's shapes and the extensions' routes are missing. Call it before renderApp.
 */
export function specOnlyApi() {
  setSpecOnly(true);
  onTestFinished(() => setSpecOnly(false));
}

/**
 * For the rest of the test the API announces every extension but these: what the console does with the others
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
 * Renders the whole app (real route table, providers, and the reference server behind MSW) at `path`.
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
