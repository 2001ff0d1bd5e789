import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPin, IconPinnedOff, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { askToConfirm } from '@/components/confirm';
import { onDemand } from '@/components/on-demand';
import { useListController, type ListColumn } from '@/components/list-kit/list-controller';
import { ListView } from '@/components/list-kit/list-view';
import { usePermission } from '@/lib/core/session';
import { useLocalListParams } from '@/lib/dialog-list';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { notesResource, useDeleteNote, usePinNote, type MemberNote } from './notes-api';
import { NOTES_TEXT } from './notes-strings';

// The New note form (with the form kit) comes when the admin asks for it: a profile opens without it (issue 26).
const useNoteForm = onDemand(() => import('./member-note-form').then((module) => module.MemberNoteForm));

/** The New note button, then, once pressed, the form in its place (kept open for the next note). */
function NewNote({ userId }: { userId: string }) {
  const form = useNoteForm();
  const [open, setOpen] = useState(false);
  const Form = open ? form.loaded : null;
  if (Form) return <Form userId={userId} />;
  return (
    <Button
      variant="light"
      w="fit-content"
      leftSection={<IconPlus size={16} aria-hidden />}
      loading={open && form.pending}
      onClick={() => {
        setOpen(true);
        form.request();
      }}
    >
      {NOTES_TEXT.newNote}
    </Button>
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
      {writes ? <NewNote userId={userId} /> : null}
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
