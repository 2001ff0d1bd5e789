import { Button, Loader } from '@mantine/core';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { z } from 'zod/mini';
import { PasswordField } from '@/components/form-kit/password-field';
import { ControlledForm } from '@/components/form/controlled-form';
import { TextField } from '@/components/form/text-field';
import { useMutationForm } from '@/components/form/use-form-controller';
import { useSignIn, type TwoFactorChallenge } from './api';
import { FailureAlert, useStepNotices } from './step-feedback';

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
  const controller = useMutationForm({
    schema: signInSchema,
    mutation: signIn,
    values: () => ({ email, password: '' }),
    toInput: (values) => ({ email: values.email.trim(), password: values.password }),
    onSettled: () => setSentBack(null),
    onSaved: (next) => (next ? setChallenge(next) : onSignedIn?.()),
    // A sign-in holds nothing to lose, and the dialog's stands over a form that does.
    unguarded: true,
  });
  useStepNotices(challenge ? `${challenge.step} ${challenge.id}` : 'password');

  if (challenge)
    return (
      <Suspense fallback={<Loader size="sm" aria-label="Loading" />}>
        <TwoFactorStep
          challenge={challenge}
          heading={heading}
          onSignedIn={onSignedIn}
          onRestart={(reason) => {
            controller.form.resetField('password');
            signIn.reset();
            setSentBack(reason ?? null);
            setChallenge(null);
          }}
        />
      </Suspense>
    );

  return (
    <ControlledForm controller={controller}>
      {intro}
      <FailureAlert error={signIn.error} otherwise={sentBack} />
      <TextField<SignInValues> name="email" label="Email" type="email" autoComplete="username" />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        {...controller.form.register('password')}
        error={controller.form.formState.errors.password?.message}
      />
      <Button type="submit" fullWidth loading={controller.pending}>
        Login
      </Button>
    </ControlledForm>
  );
}
