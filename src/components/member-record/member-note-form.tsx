import { useEffect } from 'react';
import { z } from 'zod/mini';
import { requiredText } from '@/components/form-kit/schema-parts';
import { MEMBER_NOTE_MAX } from '@contract/member-notes';
import { ControlledForm } from '@/components/form/controlled-form';
import { TextAreaField } from '@/components/form/text-area-field';
import { useMutationForm } from '@/components/form/use-form-controller';
import { FormActions } from '@/components/form-kit/form-actions';
import { useAddNote } from './notes-api';
import { NOTES_TEXT } from './notes-strings';

const schema = z.object({
  text: requiredText(NOTES_TEXT.required).check(
    z.maxLength(MEMBER_NOTE_MAX, NOTES_TEXT.tooLong(MEMBER_NOTE_MAX)),
  ),
});
type NoteValues = z.input<typeof schema>;

/**
 * The form that adds a note on a member's profile, emptied once the note is saved; its field takes the focus when it
 * appears (the admin has just pressed New note). `onSaved`: told once a note is saved (the profile header's dialog
 * closes then).
 */
export function MemberNoteForm({ userId, onSaved }: { userId: string; onSaved?: () => void }) {
  const add = useAddNote(userId);
  const controller = useMutationForm({
    schema,
    mutation: add,
    values: () => ({ text: '' }),
    toInput: (values) => values,
    success: NOTES_TEXT.added,
    onSaved,
  });
  // Each saved note's answer empties the field for the next.
  const saved = add.data;
  const { form } = controller;
  useEffect(() => {
    if (saved) form.reset({ text: '' });
  }, [saved, form]);
  useEffect(() => {
    form.setFocus('text');
  }, [form]);
  return (
    <ControlledForm controller={controller}>
      <TextAreaField<NoteValues> name="text" label={NOTES_TEXT.newNote} rows={3} max={MEMBER_NOTE_MAX} />
      <FormActions label={NOTES_TEXT.add} pending={controller.pending} />
    </ControlledForm>
  );
}
