import { Button, Group } from '@mantine/core';

/** The submit row of every form: disabled with progress while the save is pending, so it cannot double-submit. */
export function FormActions({ label, pending }: { label: string; pending: boolean }) {
  return (
    <Group justify="flex-end" mt="lg">
      <Button type="submit" loading={pending} disabled={pending}>
        {label}
      </Button>
    </Group>
  );
}
