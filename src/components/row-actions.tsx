import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { confirmDelete } from './confirm';

type RowActionsProps = {
  /** Where the edit link goes; omit for lists without edit. */
  editTo?: string;
  /** Runs after the admin confirms; omit for lists without delete. */
  onDelete?: () => void;
  deleting?: boolean;
};

/**
 * The Action cell: an edit link and a delete button that asks first (SPEC 8).
 * Native title hints rather than Mantine tooltips: those would bring Floating UI into every list's first load.
 */
export function RowActions({ editTo, onDelete, deleting = false }: RowActionsProps) {
  return (
    <Group gap={6} wrap="nowrap">
      {editTo ? (
        <ActionIcon component={Link} to={editTo} variant="light" aria-label="Edit" title="Edit">
          <IconPencil size={18} />
        </ActionIcon>
      ) : null}
      {onDelete ? (
        <ActionIcon
          variant="light"
          color="red"
          aria-label="Delete"
          title="Delete"
          loading={deleting}
          onClick={() => confirmDelete(onDelete)}
        >
          <IconTrash size={18} />
        </ActionIcon>
      ) : null}
    </Group>
  );
}
