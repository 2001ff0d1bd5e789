import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { session, useSession, type SignInState } from '@/lib/session';

/**
 * Every signed-in screen sits behind this. Without a token the admin goes to sign in, which then brings them back
 * where they were going. An expired session goes to /login (SPEC 4).
 */
export function RequireAuth() {
  const current = useSession();
  const location = useLocation();
  if (current) return <Outlet />;

  const expired = session.endReason() === 'expired';
  const from = `${location.pathname}${location.search}${location.hash}`;
  const state: SignInState = { from, expired };
  return <Navigate to={expired ? '/login' : '/sign-in'} replace state={state} />;
}
