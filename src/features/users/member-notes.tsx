import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPin, IconPinnedOff, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { z } from 'zod/mini';
import { MEMBER_NOTE_MAX } from '@contract/member-notes';
import { askToConfirm } from '@/components/confirm';
import { ControlledForm } from '@/components/form/controlled-form';
import { TextAreaField } from '@/components/form/text-area-field';
import { useMutationForm } from '@/components/form/use-form-controller';
import { FormActions } from '@/components/form-kit/form-actions';
import { useListController, type ListColumn } from '@/components/list-kit/list-controller';
import { ListView } from '@/components/list-kit/list-view';
import { usePermission } from '@/lib/core/session';
import { useLocalListParams } from '@/lib/dialog-list';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { notesResource, useAddNote, useDeleteNote, usePinNote, type MemberNote } from './notes-api';
import { NOTES_TEXT } from './notes-strings';

const schema = z.object({
  text: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, NOTES_TEXT.required),
      z.maxLength(MEMBER_NOTE_MAX, NOTES_TEXT.tooLong(MEMBER_NOTE_MAX)),
    ),
});
type NoteValues = z.input<typeof schema>;

/** The form that adds a note, emptied once the note is saved. */
function AddNote({ userId }: { userId: string }) {
  const add = useAddNote(userId);
  const controller = useMutationForm({
    schema,
    mutation: add,
    values: () => ({ text: '' }),
    toInput: (values) => values,
    success: NOTES_TEXT.added,
  });
  // Each saved note's answer empties the field for the next.
  const saved = add.data;
  const { form } = controller;
  useEffect(() => {
    if (saved) form.reset({ text: '' });
  }, [saved, form]);
  return (
    <ControlledForm controller={controller}>
      <TextAreaField<NoteValues> name="text" label={NOTES_TEXT.newNote} rows={3} max={MEMBER_NOTE_MAX} />
      <FormActions label={NOTES_TEXT.add} pending={controller.pending} />
    </ControlledForm>
  );
}

/** A note's Pin or Unpin, and its Delete (after asking) where the admin may delete it. */
function NoteActions({ userId, note }: { userId: string; note: MemberNote }) {
  const pin = usePinNote(userId);
  const remove = useDeleteNote(userId);
  const when = formatDateTime(note.createdAt);
  const confirmDelete = () =>
    askToConfirm({
      title: NOTES_TEXT.deleteQuestion,
      message: NOTES_TEXT.deleteMessage,
      confirmLabel: NOTES_TEXT.delete,
      cancelLabel: NOTES_TEXT.cancel,
      danger: true,
      onConfirm: () => remove.mutate(note._id, { onSuccess: (answer) => notify.success(answer.message) }),
    });
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="light"
        leftSection={
          note.pinned ? <IconPinnedOff size={14} aria-hidden /> : <IconPin size={14} aria-hidden />
        }
        aria-label={note.pinned ? NOTES_TEXT.unpinOf(when) : NOTES_TEXT.pinOf(when)}
        loading={pin.isPending}
        onClick={() =>
          pin.mutate(
            { noteId: note._id, pinned: !note.pinned },
            { onSuccess: (answer) => notify.success(answer.message) },
          )
        }
      >
        {note.pinned ? NOTES_TEXT.unpin : NOTES_TEXT.pin}
      </Button>
      {note.deletable ? (
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          aria-label={NOTES_TEXT.deleteOf(when)}
          loading={remove.isPending}
          onClick={confirmDelete}
        >
          {NOTES_TEXT.delete}
        </Button>
      ) : null}
    </Group>
  );
}

/**
 * The profile's Notes ('member-notes'): the team's notes on the member, pinned first then newest first, ten a page;
 * an admin whose role writes notes (members.note) adds one, pins or unpins any, and deletes their own (an Owner any).
 */
export function MemberNotes({ userId }: { userId: string }) {
  const writes = usePermission('members.note');
  const columns = useMemo<ListColumn<MemberNote>[]>(
    () => [
      {
        id: 'note',
        header: NOTES_TEXT.note,
        cell: (note) => (
          <Stack gap={4}>
            {note.pinned ? (
              <Badge size="sm" variant="light" color="grape" tt="none" w="fit-content">
                {NOTES_TEXT.pinned}
              </Badge>
            ) : null}
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {note.text}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'writtenBy',
        header: NOTES_TEXT.writtenBy,
        cell: (note) => note.author?.name || NOTES_TEXT.unknownAdmin,
        width: 180,
      },
      { id: 'when', header: NOTES_TEXT.when, cell: (note) => formatDateTime(note.createdAt), width: 180 },
      ...(writes
        ? [
            {
              id: 'action',
              header: NOTES_TEXT.action,
              cell: (note: MemberNote) => <NoteActions userId={userId} note={note} />,
              width: 200,
            },
          ]
        : []),
    ],
    [userId, writes],
  );
  const list = useListController({
    columns,
    rowKey: (note) => note._id,
    sort: { apiSorts: [] },
    params: useLocalListParams,
    query: ({ page, size }) => notesResource.queries.page({ userId, page, size }),
  });
  return (
    <Stack>
      {writes ? <AddNote userId={userId} /> : null}
      <ListView
        list={list}
        label={NOTES_TEXT.title}
        rowName={(note) => `${NOTES_TEXT.note} ${formatDateTime(note.createdAt)}`}
        emptyText={NOTES_TEXT.empty}
        loadingLabel={NOTES_TEXT.loading}
        paged
      />
    </Stack>
  );
}
