import { z } from 'zod/mini';
import { CASE_STATUSES } from '@contract/moderation';

/** A case status as the console reads it from an answer. */
export const caseStatus = z.enum(CASE_STATUSES);
