import { Alert, Card, Center, Title } from '@mantine/core';
import { Navigate, useLocation } from 'react-router-dom';
import { useDocumentTitle } from '@/components/document-title';
import { ProductName } from '@/components/product-name';
import { useSession, type SignInState } from '@/lib/core/session';
import { SignInForm } from './sign-in-form';

/**
 * After an invitation is accepted where two-factor is required ('admins'). Kept here: strings.ts comes with the
 * second step's code, which the page's first load leaves out.
 */
const TWO_FACTOR_NEXT =
  'Your password is set. Sign in with it: setting up two-factor sign-in with an authenticator app comes next.';

function safeDestination(from: string | undefined) {
  return from && from.startsWith('/') && !from.startsWith('//') ? from : '/dashboard';
}

/** /sign-in and /login (SPEC 2.3). */
export function SignInPage() {
  const location = useLocation();
  const state = (location.state ?? {}) as SignInState;
  const destination = safeDestination(state.from);
  useDocumentTitle('Sign in');
  // Signing in stores the session, which takes the admin on from here.
  if (useSession()) return <Navigate to={destination} replace />;

  return (
    <Center mih="100vh" p="md" bg="var(--console-page)">
      <Card withBorder radius="md" p="xl" w="100%" maw={420} component="main">
        <Center mb="md">
          <ProductName size="lg" />
        </Center>
        <SignInForm
          email={state.email}
          heading={(title) => (
            <Title order={1} size="h3" ta="center">
              {title}
            </Title>
          )}
          intro={
            <>
              <Title order={1} size="h3" ta="center">
                Enter your email and password to sign in
              </Title>
              {state.expired ? (
                <Alert color="yellow" variant="light">
                  Your session has expired. Please sign in again.
                </Alert>
              ) : null}
              {state.twoFactorNext ? (
                <Alert color="blue" variant="light">
                  {TWO_FACTOR_NEXT}
                </Alert>
              ) : null}
            </>
          }
        />
      </Card>
    </Center>
  );
}
