import { Card, Center, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/components/document-title';

/** The frame of a page anyone can open, without the admin layout. */
export function PublicPageFrame({
  title,
  children,
  width = 760,
}: {
  title: string;
  children: ReactNode;
  width?: number;
}) {
  useDocumentTitle(title);
  return (
    <Center component="main" mih="100vh" p="md" bg="var(--console-page)">
      <Card withBorder radius="md" p="xl" w="100%" maw={width}>
        <Title order={1} size="h2" mb="md">
          {title}
        </Title>
        {children}
      </Card>
    </Center>
  );
}
