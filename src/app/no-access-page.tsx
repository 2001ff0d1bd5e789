import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@/components/document-title';

/**
 * A screen the admin's role may not open ('roles'): shown in place of the screen, whose code and first call are not
 * loaded, so the admin sees why rather than a page of refusals.
 */
export function NoAccessPage() {
  useDocumentTitle("You don't have access to this page");
  return (
    <Stack align="center" py={80} gap="md">
      <Title order={1}>You don&apos;t have access to this page</Title>
      <Text c="dimmed">Your role does not allow this screen. An Owner can change your role.</Text>
      <Button component={Link} to="/dashboard">
        Back to the dashboard
      </Button>
    </Stack>
  );
}
