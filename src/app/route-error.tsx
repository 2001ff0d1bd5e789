import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@/components/document-title';

/** A screen that crashed while rendering or loading its code: say so, never a blank page. */
export function RouteError() {
  useDocumentTitle('Something went wrong');
  return (
    <Stack align="center" py={80} gap="md" role="alert">
      <Title order={1}>Something went wrong</Title>
      <Text c="dimmed">
        This screen could not be shown. Reloading usually helps; if not, please report it.
      </Text>
      <Group>
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button variant="default" component="a" href="/dashboard">
          Back to the dashboard
        </Button>
      </Group>
    </Stack>
  );
}
