import { z } from 'zod/mini';
import { session } from '../core/session';
import { api } from './api-client';
import { text } from './schemas';

const signedOut = z.object({ message: text });

/**
 * Logout (SPEC 2.4): where the API announces 'sessions', POST /api/logout ends the session on the server first; the
 * stored session is cleared whatever that call answers, even when it fails. The call carries the token by hand, so
 * that a refusal of it is not taken for an expiry (which would remember the page to come back to).
 */
export async function signOut() {
  const token = session.token();
  if (token && session.get()?.features.includes('sessions')) {
    try {
      await api.post('logout', signedOut, { auth: 'none', headers: { Authorization: `Bearer ${token}` } });
    } catch {
      // Signed out here all the same; on the server the session ends at its idle timeout at the latest.
    }
  }
  session.end();
}
