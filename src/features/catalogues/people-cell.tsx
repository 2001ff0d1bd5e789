import { ActionIcon, Group, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { Ref } from './define-catalogue';

// Mantine's modal machinery loads with the first dialog opened, not with the list.
const PeopleDialog = lazy(() =>
  import('./people-dialog').then((module) => ({ default: module.PeopleDialog })),
);

/** An icon with how many there are, opening the list of them (an event's Joined User). */
export function PeopleCell({ title, people, label }: { title: string; people: Ref[]; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Group gap={6} wrap="nowrap">
        <ActionIcon
          variant="light"
          aria-label={`${label} (${people.length})`}
          title={title}
          onClick={() => setOpen(true)}
        >
          <IconUsersGroup size={18} />
        </ActionIcon>
        <Text size="sm" aria-hidden>
          {people.length}
        </Text>
      </Group>
      {open ? (
        <Suspense fallback={null}>
          <PeopleDialog title={title} people={people} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
