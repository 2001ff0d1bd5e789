import { Image, Modal } from '@mantine/core';
import { useModalDialog } from '@/components/modal-dialog';

/** The larger photo behind a list avatar; loaded on first use to keep the list's first load small. */
export function PhotoDialog({ src, name, onClose }: { src: string; name: string; onClose: () => void }) {
  useModalDialog(true);
  return (
    <Modal opened onClose={onClose} title={name} centered size="md">
      <Image src={src} alt={`Photo of ${name}`} radius="md" />
    </Modal>
  );
}
