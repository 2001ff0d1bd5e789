import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@/components/document-title';

/**
 * DECISIONS "Scope": an unknown route inside the layout. Signed-out visitors meet the guard first, which sends any
 * path but the public ones to sign in (SPEC's routes are not all built yet) and brings them back here after.
 */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Stack align="center" py={80} gap="md">
      <Title order={1}>Page not found</Title>
      <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
      <Button component={Link} to="/dashboard">
        Back to the dashboard
      </Button>
    </Stack>
  );
}
