import { ActionIcon, Group, Tooltip } from '@mantine/core';
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

/** The Action cell: an edit link and a delete button that asks first (SPEC 8). */
export function RowActions({ editTo, onDelete, deleting = false }: RowActionsProps) {
  return (
    <Group gap={6} wrap="nowrap">
      {editTo ? (
        <Tooltip label="Edit">
          <ActionIcon component={Link} to={editTo} variant="light" aria-label="Edit">
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {onDelete ? (
        <Tooltip label="Delete">
          <ActionIcon
            variant="light"
            color="red"
            aria-label="Delete"
            loading={deleting}
            onClick={() => confirmDelete(onDelete)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}
