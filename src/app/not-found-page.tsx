import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { AppLayout } from './layout/app-layout';

function NotFoundPage({ signedIn }: { signedIn: boolean }) {
  return (
    <Stack align="center" py={80} gap="md">
      <Title order={1}>Page not found</Title>
      <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
      <Button component={Link} to={signedIn ? '/dashboard' : '/sign-in'}>
        {signedIn ? 'Back to the dashboard' : 'Go to sign in'}
      </Button>
    </Stack>
  );
}

/** DECISIONS "Scope": an unknown route is a page of its own, inside the layout when signed in. */
export function NotFoundRoute() {
  const signedIn = Boolean(useSession());
  if (signedIn) {
    return (
      <AppLayout>
        <NotFoundPage signedIn />
      </AppLayout>
    );
  }
  return (
    <Center component="main" mih="100vh" bg="var(--mantine-color-gray-0)">
      <NotFoundPage signedIn={false} />
    </Center>
  );
}
