import { z } from 'zod/mini';
import { ApiError, errorText } from '../core/api-error';
import { api } from './api-client';
import { text } from './schemas';

const confirmed = z.object({ message: text });

/**
 * POST /api/admin/step-up ('step-up'): the admin's password, or a two-factor code ('two-factor'), confirmed again for
 * this session. Answers undefined once the server took it, or what to say under the field (a wrong password or code,
 * too many tries, no answer).
 */
export async function confirmProof(proof: { password: string } | { code: string }): Promise<string | undefined> {
  try {
    await api.post('admin/step-up', confirmed, { json: proof });
    return undefined;
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'session-expired') throw error;
    return errorText(error);
  }
}
