import { BULK_WRITES, STEP_UP_MS } from '@contract/step-up';
import { api, signedInNow, testDb } from './api-server';

/**
 * Step-up on the reference server ('step-up'), for the console's tests: a session's last proof made old, and its
 * window of writes filled, so that what asks for a recent proof asks for it.
 */

/**
 * Makes the last proof (the sign-in, or a step-up) of every live session of the signed-in admin older than
 * STEP_UP_MS, as if they had signed in a while ago: a row's time no API sets.
 */
export async function ageProofs() {
  await testDb().run('UPDATE admin_sessions SET verified_at = $1 WHERE admin_id = $2 AND ended_at IS NULL', [
    new Date(Date.now() - STEP_UP_MS - 60_000).toISOString(),
    signedInNow().admin._id,
  ]);
}

/**
 * Fills the signed-in session's window of writes through the API (BULK_WRITES of them, each leaving the security
 * setting as it is): the session's next write is a bulk action's, which asks for a recent proof.
 */
export async function fillBulkWindow() {
  const { twoFactorRequired } = await api.get<{ twoFactorRequired: boolean }>('/api/admin/security');
  for (let write = 0; write < BULK_WRITES; write += 1)
    await api.patch('/api/admin/security', { twoFactorRequired });
}
