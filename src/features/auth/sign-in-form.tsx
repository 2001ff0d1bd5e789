import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextInput } from '@mantine/core';
import { PasswordField } from '@/components/form-kit/password-field';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { useSignIn } from './api';

const signInSchema = z.object({
  email: z
    .string()
    .check(z.trim(), z.minLength(1, 'Please input your email!'), z.email('The input is not valid E-mail!')),
  password: z.string().check(z.minLength(1, 'Please input your password!')),
});

type SignInValues = z.input<typeof signInSchema>;

/** E-mail, password and Login (SPEC 2.3): the sign-in page's form, and the dialog's after an expiry. */
export function SignInForm({ intro, onSignedIn }: { intro?: ReactNode; onSignedIn?: () => void }) {
  const signIn = useSignIn();
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });

  const submit = form.handleSubmit((values) =>
    signIn.mutate({ email: values.email.trim(), password: values.password }, { onSuccess: onSignedIn }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {intro}
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
