import { ActionIcon, Center, Loader, Modal, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEye } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';

// The sanitiser loads with the first opened dialog, not with the list that shows the button.
const SafeHtml = lazy(() => import('./safe-html').then((module) => ({ default: module.SafeHtml })));

/** A table cell's "viewer": an eye button that opens the stored HTML, sanitised, in a dialog. */
export function HtmlViewer({ title, html, label }: { title: string; html: string; label: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon variant="light" onClick={open} aria-label={label}>
          <IconEye size={18} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={close} title={title} size="lg">
        <Suspense
          fallback={
            <Center py="md">
              <Loader size="sm" aria-label="Loading" />
            </Center>
          }
        >
          <SafeHtml html={html} />
        </Suspense>
      </Modal>
    </>
  );
}
