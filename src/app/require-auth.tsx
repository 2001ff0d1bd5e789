import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { session, useSession, type SignInState } from '@/lib/core/session';
import { useAnyUnsavedChanges } from '@/lib/unsaved-changes';

const SignInDialog = lazy(() =>
  import('@/features/auth/sign-in-dialog').then((module) => ({ default: module.SignInDialog })),
);

/**
 * Every signed-in screen sits behind this. Without a token the admin goes to sign in, which then brings them back
 * where they were going. A session that ends here (logout, expiry, another tab) goes to /login (SPEC 2.4, 4);
 * only an expired one remembers the page, since a logout is a choice to leave. An expiry while a form holds unsaved
 * input keeps the page and asks for the password over it instead (DECISIONS "Forms").
 */
export function RequireAuth() {
  const current = useSession();
  const location = useLocation();
  const unsaved = useAnyUnsavedChanges();
  const reason = session.endReason();
  const signInOverPage = !current && reason === 'expired' && unsaved;
  // One shape for both cases, so that the page under the dialog is the same element and keeps its state.
  if (current || signInOverPage)
    return (
      <>
        <Outlet />
        {signInOverPage ? (
          <Suspense fallback={null}>
            <SignInDialog />
          </Suspense>
        ) : null}
      </>
    );

  const from = `${location.pathname}${location.search}${location.hash}`;
  if (reason === 'signed-out') return <Navigate to="/login" replace />;
  const state: SignInState = { from, expired: reason === 'expired' };
  return <Navigate to={reason === 'expired' ? '/login' : '/sign-in'} replace state={state} />;
}
