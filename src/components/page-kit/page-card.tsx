import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../document-title';
import './page-card.css';

/** The frame of every screen: a card with the screen's title (its one h1, and the tab's title) and its actions. */
export function PageCard({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <section className="page-card" aria-label={title}>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} size="h3">
          {title}
        </Title>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
      {children}
    </section>
  );
}
