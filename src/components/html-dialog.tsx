import { Modal } from '@mantine/core';
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
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      <SafeHtml html={html} />
    </Modal>
  );
}
