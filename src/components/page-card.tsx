import { Card, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of every screen: a card with the screen's title and its actions (Add, Back…). */
export function PageCard({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} size="h3">
          {title}
        </Title>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
      {children}
    </Card>
  );
}
