import { Alert } from '@mantine/core';
import { useEffect } from 'react';
import { ApiError } from '@/lib/core/api-error';
import { notify } from '@/lib/notify';

// What every sign-in step says: the password's (sign-in-form.tsx) and the second step's (two-factor-step.tsx).

/**
 * A sign-in step's refusal, in the server's words, said in the form as well as in SPEC's 'Info' notification (which
 * goes when the step does); a failure without words is only logged (SPEC 8). `otherwise` is said when there is none.
 */
export function FailureAlert({ error, otherwise }: { error: Error | null; otherwise?: string | null }) {
  const text = error ? (error instanceof ApiError ? error.serverMessage : undefined) : otherwise;
  return text ? (
    <Alert color="red" variant="light" role="alert">
      {text}
    </Alert>
  ) : null;
}

/**
 * The notifications a sign-in step raised go when the step does (a wrong password's once the code is asked for, a
 * wrong code's once the recovery codes show), and when the sign-in ends.
 */
export function useStepNotices(step: string) {
  useEffect(() => {
    const mark = notify.mark();
    return () => notify.hideSince(mark);
  }, [step]);
}
