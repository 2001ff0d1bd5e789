import { Badge } from '@mantine/core';

/** Active (success style) or Inactive (danger style). */
export function StatusBadge({ enabled }: { enabled: boolean }) {
  return (
    <Badge color={enabled ? 'green' : 'red'} variant="light">
      {enabled ? 'Active' : 'Inactive'}
    </Badge>
  );
}
