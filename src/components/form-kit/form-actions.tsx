import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The submit row of every form: disabled with progress while the save is pending, so it cannot double-submit.
 * `before`: another action of the form, ahead of submit (the mail's test send).
 */
export function FormActions({
  label,
  pending,
  before,
}: {
  label: string;
  pending: boolean;
  before?: ReactNode;
}) {
  return (
    <Group justify="flex-end" mt="lg">
      {before}
      <Button type="submit" loading={pending} disabled={pending}>
        {label}
      </Button>
    </Group>
  );
}
