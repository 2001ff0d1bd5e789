import { lazy, Suspense, useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { session, useSession, type SignInState } from '@/lib/core/session';
import { refreshRole, ROLE_READ_EVERY_MS } from '@/lib/data/api-client';
import { notify } from '@/lib/notify';
import { useAnyUnsavedChanges } from '@/lib/unsaved-changes';

const SignInDialog = lazy(() =>
  import('@/features/auth/sign-in-dialog').then((module) => ({ default: module.SignInDialog })),
);

/**
 * The role the server holds ('roles'), followed within a navigation or a minute: an Owner may have changed it since
 * sign-in, and the menu and buttons follow the one stored. A stored role (a reload, a new tab) is read at once; the
 * role a sign-in has just answered is not.
 */
function useServerRole(signedIn: boolean) {
  const { pathname } = useLocation();
  const mounted = useRef(false);
  useEffect(() => {
    const firstVisit = !mounted.current;
    mounted.current = true;
    if (signedIn && !(firstVisit && session.roleFromServer())) void refreshRole();
  }, [pathname, signedIn]);
  useEffect(() => {
    if (!signedIn) return;
    const timer = setInterval(() => {
      if (!document.hidden) void refreshRole();
    }, ROLE_READ_EVERY_MS);
    return () => clearInterval(timer);
  }, [signedIn]);
}

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
  useServerRole(current !== null);
  // What a full page reload would have ended (the own profile's save) is said once the page is back.
  useEffect(() => notify.showKept(), []);
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
