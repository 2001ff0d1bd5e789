import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { session, useSession, type SignInState } from '@/lib/session';

/**
 * Every signed-in screen sits behind this. Without a token the admin goes to sign in, which then brings them back
 * where they were going. A session that ends here (logout, expiry, another tab) goes to /login (SPEC 2.4, 4);
 * only an expired one remembers the page, since a logout is a choice to leave.
 */
export function RequireAuth() {
  const current = useSession();
  const location = useLocation();
  if (current) return <Outlet />;

  const reason = session.endReason();
  const from = `${location.pathname}${location.search}${location.hash}`;
  if (reason === 'signed-out') return <Navigate to="/login" replace />;
  const state: SignInState = { from, expired: reason === 'expired' };
  return <Navigate to={reason === 'expired' ? '/login' : '/sign-in'} replace state={state} />;
}
