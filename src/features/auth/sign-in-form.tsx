import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Loader, Stack, TextInput } from '@mantine/core';
import { PasswordField } from '@/components/form-kit/password-field';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { ApiError } from '@/lib/core/api-error';
import { notify } from '@/lib/notify';
import { useSignIn, type TwoFactorChallenge } from './api';

// Only an API that announces 'two-factor' answers a challenge: its steps come with the first one.
const TwoFactorStep = lazy(() =>
  import('./two-factor-step').then(({ TwoFactorStep }) => ({ default: TwoFactorStep })),
);

const signInSchema = z.object({
  email: z
    .string()
    .check(z.trim(), z.minLength(1, 'Please input your email!'), z.email('The input is not valid E-mail!')),
  password: z.string().check(z.minLength(1, 'Please input your password!')),
});

type SignInValues = z.input<typeof signInSchema>;

// Shared with the second step (two-factor-step.tsx), whose code comes after this one's.

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

/**
 * E-mail, password and Login (SPEC 2.3): the sign-in page's form, and the dialog's after an expiry. With two-factor,
 * the password leads to its step (a code, or setting it up), titled by `heading`.
 */
export function SignInForm({
  intro,
  heading,
  email = '',
  onSignedIn,
}: {
  intro?: ReactNode;
  heading?: (title: string) => ReactNode;
  /** The e-mail to start with (an invitation just accepted). */
  email?: string;
  onSignedIn?: () => void;
}) {
  const signIn = useSignIn();
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  /** Why the second step sent the admin back to the password (its challenge expired), said in the form. */
  const [sentBack, setSentBack] = useState<string | null>(null);
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email, password: '' },
  });
  useStepNotices(challenge ? `${challenge.step} ${challenge.id}` : 'password');

  const submit = form.handleSubmit((values) => {
    setSentBack(null);
    signIn.mutate(
      { email: values.email.trim(), password: values.password },
      { onSuccess: (next) => (next ? setChallenge(next) : onSignedIn?.()) },
    );
  });

  if (challenge)
    return (
      <Suspense fallback={<Loader size="sm" aria-label="Loading" />}>
        <TwoFactorStep
          challenge={challenge}
          heading={heading}
          onSignedIn={onSignedIn}
          onRestart={(reason) => {
            form.resetField('password');
            signIn.reset();
            setSentBack(reason ?? null);
            setChallenge(null);
          }}
        />
      </Suspense>
    );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {intro}
        <FailureAlert error={signIn.error} otherwise={sentBack} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          {...form.register('email')}
          error={form.formState.errors.email?.message}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          {...form.register('password')}
          error={form.formState.errors.password?.message}
        />
        <Button type="submit" fullWidth loading={signIn.isPending}>
          Login
        </Button>
      </Stack>
    </form>
  );
}
