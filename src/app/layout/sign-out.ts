import { session } from '@/lib/core/session';

/**
 * Logout (SPEC 2.4): where the API announces 'sessions', the session ends on the server first; the stored session is
 * cleared whatever that call answers, even when it fails. The call's code comes with the click: the shell, in every
 * first load, does not carry the API client.
 */
export async function signOut() {
  const token = session.token();
  if (token && session.get()?.features.includes('sessions')) {
    try {
      const { endSession } = await import('@/lib/data/end-session');
      await endSession(token);
    } catch {
      // Signed out here all the same; on the server the session ends at its idle timeout at the latest.
    }
  }
  session.end();
}
