import { Modal } from '@mantine/core';
import { MemberNoteForm } from '@/components/member-record/member-note-form';
import { useModalDialog } from '@/components/modal-dialog';

/** The dialog's focus trap gives the first focus to [data-autofocus]: the note's field, as in the Notes section. */
const focusField = (node: HTMLDivElement | null) => {
  node?.querySelector('textarea')?.setAttribute('data-autofocus', '');
};

/**
 * The profile header's Add note: the Notes section's own form in a dialog, closed once the note is saved (the Notes
 * list below reads it again). Loaded on first use, so that the profile's first load does not carry the form.
 */
export function AddNoteDialog({
  userId,
  title,
  onClose,
}: {
  userId: string;
  title: string;
  onClose: () => void;
}) {
  useModalDialog(true);
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg">
      <div ref={focusField}>
        <MemberNoteForm userId={userId} onSaved={onClose} />
      </div>
    </Modal>
  );
}
