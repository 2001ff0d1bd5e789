import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useSession } from '@/lib/session';

export function NotFoundPage() {
  const signedIn = Boolean(useSession());
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
