import { z } from 'zod/mini';
import { api } from './api-client';
import { text } from './schemas';

const signedOut = z.object({ message: text });

/**
 * POST /api/logout ('sessions'): ends the session `token` names on the server. The call carries the token by hand, so
 * that a refusal of it is not taken for an expiry (which would remember the page to come back to).
 */
export async function endSession(token: string) {
  await api.post('logout', signedOut, { auth: 'none', headers: { Authorization: `Bearer ${token}` } });
}
