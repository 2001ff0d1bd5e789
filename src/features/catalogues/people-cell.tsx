import { ActionIcon, Group, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { onDemand } from '@/components/on-demand';
import type { PeoplePages } from '@/lib/declared-columns';
import type { Ref } from './define-catalogue';

// Mantine's modal machinery loads with the first dialog opened, not with the list.
const usePeopleDialog = onDemand(() => import('./people-dialog').then((module) => module.PeopleDialog));

type PeopleCellProps = {
  title: string;
  label: string;
  /** The record's id, for `pages`. */
  recordId: string;
  /** Those the answer carries inline: all of them (SPEC), or the first few when the API counts them. */
  people: Ref[];
  /** How many there are (the column's text: its count field, or else the inline list's length). */
  total: number;
  pages?: PeoplePages;
};

/** An icon with how many there are, opening the list of them a page at a time (an event's Joined User). */
export function PeopleCell({ title, label, recordId, people, total, pages }: PeopleCellProps) {
  const [open, setOpen] = useState(false);
  const dialog = usePeopleDialog();
  const PeopleDialog = dialog.loaded;
  const shown = total.toLocaleString('en-US');
  return (
    <>
      <Group gap={6} wrap="nowrap">
        <ActionIcon
          variant="light"
          aria-label={`${label} (${shown})`}
          title={title}
          // Busy, not disabled: a disabled button drops the focus, which the dialog gives back to its opener on close.
          aria-busy={dialog.pending || undefined}
          onClick={() => {
            dialog.request();
            setOpen(true);
          }}
        >
          <IconUsersGroup size={18} />
        </ActionIcon>
        <Text size="sm" aria-hidden>
          {shown}
        </Text>
      </Group>
      {open && PeopleDialog ? (
        <PeopleDialog
          title={title}
          recordId={recordId}
          people={people}
          total={total}
          pages={pages}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
