import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Center, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { z } from 'zod/mini';
import { useDocumentTitle } from '@/components/document-title';
import { useSession, type SignInState } from '@/lib/session';
import { useSignIn } from './api';

const signInSchema = z.object({
  email: z
    .string()
    .check(z.trim(), z.minLength(1, 'Please input your email!'), z.email('The input is not valid E-mail!')),
  password: z.string().check(z.minLength(1, 'Please input your password!')),
});

type SignInValues = z.input<typeof signInSchema>;

function safeDestination(from: string | undefined) {
  return from && from.startsWith('/') && !from.startsWith('//') ? from : '/dashboard';
}

/** /sign-in and /login (SPEC 2.3). */
export function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as SignInState;
  const destination = safeDestination(state.from);
  const signedIn = Boolean(useSession());
  const signIn = useSignIn();
  useDocumentTitle('Sign in');
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });

  if (signedIn && !signIn.isPending) return <Navigate to={destination} replace />;

  const submit = form.handleSubmit((values) =>
    signIn.mutate(
      { email: values.email.trim(), password: values.password },
      { onSuccess: () => navigate(destination, { replace: true }) },
    ),
  );

  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Card withBorder radius="md" p="xl" w="100%" maw={420} component="main">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={1} size="h3" ta="center">
              Enter your email and password to sign in
            </Title>
            {state.expired ? (
              <Alert color="yellow" variant="light">
                Your session has expired. Please sign in again.
              </Alert>
            ) : null}
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              {...form.register('email')}
              error={form.formState.errors.email?.message}
            />
            <PasswordInput
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
      </Card>
    </Center>
  );
}
