import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { APP_NAME } from './document-title';

/** The product's mark and name, as the sidebar and the sign-in card show it. */
export function ProductName({ size = 'md' }: { size?: 'md' | 'lg' }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon size={32} radius="xl" aria-hidden>
        <IconHeartHandshake size={20} />
      </ThemeIcon>
      <Text fw={700} size={size}>
        {APP_NAME}
      </Text>
    </Group>
  );
}
