import { Badge, Modal, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { ListSearch } from '@/components/list-search';
import { ListView } from '@/components/list-kit/list-view';
import { useModalDialog } from '@/components/modal-dialog';
import { userName } from '@/lib/declared-columns';
import { inlineRowsQuery, useLocalListParams } from '@/lib/dialog-list';
import { useListController, type ListColumn } from '@/components/list-kit/list-controller';
import { useFeature } from '@/lib/core/session';
import { formatNumericDateTime } from '@/lib/format';
import {
  DELIVERY_STATES,
  deliveryResource,
  recipientTotal,
  type DeliveredRecipient,
  type DeliveryState,
  type Mail,
  type Recipient,
} from './api';
import { deliveryText, MAIL_TEXT, STATE_TEXT } from './strings';

type DialogProps = { mail: Mail | null; onClose: () => void };

const fullName = (user: Recipient) => userName(user, '-');

/** SPEC's columns of the User List: Name and Email. */
const NAME_AND_EMAIL: ListColumn<Recipient>[] = [
  { id: 'name', header: MAIL_TEXT.name, cell: fullName },
  { id: 'email', header: MAIL_TEXT.email, cell: (user) => user.email || '-' },
];

const STATE_COLOUR = { queued: 'gray', sent: 'green', failed: 'red' } as const;

/** A recipient's delivery: its state, and the transport's reason for a failure (or a retry). */
function DeliveryCell({ recipient }: { recipient: DeliveredRecipient }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={STATE_COLOUR[recipient.state]} variant="light" tt="none">
        {STATE_TEXT[recipient.state].label}
      </Badge>
      {recipient.error ? (
        <Text size="xs" c="dimmed">
          {recipient.error}
        </Text>
      ) : null}
    </Stack>
  );
}

const WITH_STATE: ListColumn<DeliveredRecipient>[] = [
  ...NAME_AND_EMAIL,
  { id: 'state', header: MAIL_TEXT.state, cell: (recipient) => <DeliveryCell recipient={recipient} /> },
];

const STATE_FILTER = ['state'] as const;

/** With 'mail-recipients': every recipient, a page at a time from the API, searched, filtered by state. */
function DeliveredRecipients({ mail }: { mail: Mail }) {
  const list = useListController({
    columns: WITH_STATE,
    rowKey: (recipient) => recipient._id,
    filters: STATE_FILTER,
    sort: { apiSorts: [] },
    params: useLocalListParams,
    query: ({ page, size, search, filters }) =>
      deliveryResource.queries.page({
        mailId: mail._id,
        page,
        size,
        search,
        state: filters.state as DeliveryState | '',
      }),
  });
  const { state, query: recipients } = list;
  // While the mail goes out the list refreshes it; each change of its counts reads the page again, the last included.
  const progress = JSON.stringify(mail.delivery ?? null);
  const shownFor = useRef(progress);
  useEffect(() => {
    if (shownFor.current === progress) return;
    shownFor.current = progress;
    void recipients.refetch();
  }, [progress, recipients]);
  return (
    <Stack gap="sm">
      {mail.delivery ? <Text size="sm">{deliveryText(mail.delivery, recipientTotal(mail))}</Text> : null}
      <ListView
        list={list}
        label={MAIL_TEXT.userList}
        rowName={fullName}
        emptyText={state.search || state.filters.state ? MAIL_TEXT.noneFound : MAIL_TEXT.noRecipients}
        paged
      >
        <ListSearch label={MAIL_TEXT.searchRecipients} list={list} />
        <NativeSelect
          label={MAIL_TEXT.stateFilter}
          data={[
            { value: '', label: MAIL_TEXT.everyState },
            ...DELIVERY_STATES.map((value) => ({ value, label: STATE_TEXT[value].filter })),
          ]}
          value={state.filters.state}
          onChange={(event) => list.setFilter('state', event.currentTarget.value || null)}
        />
      </ListView>
    </Stack>
  );
}

/** SPEC's API: the mail's inline list (every recipient), a page at a time and searched here. */
function InlineRecipients({ mail }: { mail: Mail }) {
  const list = useListController({
    columns: NAME_AND_EMAIL,
    rowKey: (user) => user._id ?? user.email,
    sort: { apiSorts: [] },
    params: useLocalListParams,
    query: useMemo(
      () => inlineRowsQuery(mail.users, (user) => [user.name, user.surname, user.email]),
      [mail.users],
    ),
  });
  return (
    <ListView list={list} label={MAIL_TEXT.userList} rowName={fullName} emptyText={MAIL_TEXT.noneFound} paged>
      <ListSearch label={MAIL_TEXT.searchRecipients} list={list} />
    </ListView>
  );
}

function Recipients({ mail }: { mail: Mail }) {
  const paged = useFeature('mail-recipients');
  if (!recipientTotal(mail))
    return <Text size="sm">{mail.allUsers ? MAIL_TEXT.everyone : MAIL_TEXT.noRecipients}</Text>;
  return paged ? <DeliveredRecipients mail={mail} /> : <InlineRecipients mail={mail} />;
}

/** SPEC 2.22: the Users icon's 'User List' dialog, Name and Email of each recipient, a page at a time. */
export function UserListDialog({ mail, onClose }: DialogProps) {
  useModalDialog(mail !== null);
  return (
    <Modal opened={mail !== null} onClose={onClose} title={MAIL_TEXT.userList} size="xl">
      {mail ? <Recipients mail={mail} /> : null}
    </Modal>
  );
}

/** A sent mail, whole: its subject, when it left, its full body and its recipients. */
export function MailDialog({ mail, onClose }: DialogProps) {
  useModalDialog(mail !== null);
  return (
    <Modal opened={mail !== null} onClose={onClose} title={mail?.title || MAIL_TEXT.viewMail} size="xl">
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
