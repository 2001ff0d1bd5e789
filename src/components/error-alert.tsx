import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ApiError, errorText } from '@/lib/core/api-error';
import type { WayBack } from './page-kit/error-state';

/** Refusals that the same request meets again: a bad id, a forbidden read, a record that is not (or no longer) there. */
const REFUSALS = new Set([400, 403, 404, 410]);
const refused = (error: unknown) =>
  error instanceof ApiError && error.kind === 'http' && REFUSALS.has(error.status ?? 0);

/** The error state itself (see error-state.tsx). */
export function ErrorAlert({
  error,
  onRetry,
  back,
}: {
  error: unknown;
  onRetry?: () => void;
  back?: WayBack;
}) {
  const retry = onRetry && !refused(error) ? onRetry : undefined;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle />}
      title="Could not load this data"
      role="alert"
    >
      <Group justify="space-between" align="center">
        <Text size="sm">{errorText(error)}</Text>
        <Group gap="xs">
          {back ? (
            <Button size="xs" variant="white" color="red" component={Link} to={back.to}>
              {back.label}
            </Button>
          ) : null}
          {retry ? (
            <Button size="xs" variant="white" color="red" onClick={retry}>
              Try again
            </Button>
          ) : null}
        </Group>
      </Group>
    </Alert>
  );
}
