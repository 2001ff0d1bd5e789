import { Modal } from '@mantine/core';
import { useModalDialog } from './modal-dialog';
import { SafeHtml } from './safe-html';

/** The dialog of an HtmlViewer: stored HTML, sanitised. Loaded with the first opened viewer. */
export function HtmlDialog({
  title,
  html,
  opened,
  onClose,
}: {
  title: string;
  html: string;
  opened: boolean;
  onClose: () => void;
}) {
  useModalDialog(opened);
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      <SafeHtml html={html} />
    </Modal>
  );
}
