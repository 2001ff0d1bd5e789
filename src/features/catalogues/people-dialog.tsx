import { Anchor, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useModalDialog } from '@/components/modal-dialog';
import type { Ref } from './define-catalogue';

/** The dialog of a `people` cell: each user a link to their profile. */
export function PeopleDialog({
  title,
  people,
  onClose,
}: {
  title: string;
  people: Ref[];
  onClose: () => void;
}) {
  useModalDialog(true);
  return (
    <Modal opened onClose={onClose} title={title}>
      {people.length ? (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {people.map((person) => (
            <li key={person._id}>
              <Anchor component={Link} to={`/users/${person._id}`}>
                {person.name || 'Unknown'}
              </Anchor>
            </li>
          ))}
        </Stack>
      ) : (
        <Text size="sm">No one has joined yet.</Text>
      )}
    </Modal>
  );
}
