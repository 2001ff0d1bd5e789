import { ActionIcon, Modal, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEye } from '@tabler/icons-react';
import { useModalDialog } from './modal-dialog';
import { SafeHtml } from './safe-html';

/** A table cell's "viewer": an eye button that opens the stored HTML, sanitised, in a dialog. */
export function HtmlViewer({ title, html, label }: { title: string; html: string; label: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  useModalDialog(opened);
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon variant="light" onClick={open} aria-label={label}>
          <IconEye size={18} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={close} title={title} size="lg">
        <SafeHtml html={html} />
      </Modal>
    </>
  );
}
