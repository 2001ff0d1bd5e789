import { Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useModalDialog } from '@/components/modal-dialog';
import { formatNumericDateTime } from '@/lib/format';
import type { Mail } from './api';
import { MAIL_TEXT } from './strings';

type DialogProps = { mail: Mail | null; onClose: () => void };

function Recipients({ mail }: { mail: Mail }) {
  if (!mail.users.length)
    return <Text size="sm">{mail.allUsers ? MAIL_TEXT.everyone : MAIL_TEXT.noRecipients}</Text>;
  return (
    <Table striped aria-label={MAIL_TEXT.userList}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{MAIL_TEXT.name}</Table.Th>
          <Table.Th>{MAIL_TEXT.email}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {mail.users.map((user, index) => (
          <Table.Tr key={user._id ?? `${user.email}-${index}`}>
            <Table.Td>{[user.name, user.surname].filter(Boolean).join(' ') || '-'}</Table.Td>
            <Table.Td>{user.email || '-'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** SPEC 2.22: the Users icon's 'User List' dialog, Name and Email of each recipient. */
export function UserListDialog({ mail, onClose }: DialogProps) {
  useModalDialog(mail !== null);
  return (
    <Modal opened={mail !== null} onClose={onClose} title={MAIL_TEXT.userList} size="lg">
      {mail ? <Recipients mail={mail} /> : null}
    </Modal>
  );
}

/** A sent mail, whole: its subject, when it left, its full body and its recipients. */
export function MailDialog({ mail, onClose }: DialogProps) {
  useModalDialog(mail !== null);
  return (
    <Modal opened={mail !== null} onClose={onClose} title={mail?.title || MAIL_TEXT.viewMail} size="lg">
      {mail ? (
        <Stack>
          <Text size="sm" c="dimmed">
            {formatNumericDateTime(mail.createdAt)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {mail.body}
          </Text>
          <Title order={3} size="h5">
            {MAIL_TEXT.userList}
          </Title>
          <Recipients mail={mail} />
        </Stack>
      ) : null}
    </Modal>
  );
}
