import { Badge } from '@mantine/core';

/** Active (success style) or Inactive (danger style). */
export function StatusBadge({ enabled }: { enabled: boolean }) {
  return (
    <Badge color={enabled ? 'green' : 'red'} variant="light" tt="none">
      {enabled ? 'Active' : 'Inactive'}
    </Badge>
  );
}
