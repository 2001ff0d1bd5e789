import { ActionIcon, Button } from '@mantine/core';
import { IconEye, IconSend, IconUsers } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { ListView } from '@/components/list-kit/list-view';
import { PageCard } from '@/components/page-kit/page-card';
import { TruncatedText } from '@/components/truncated-text';
import { useFeature, usePermission } from '@/lib/core/session';
import { formatNumericDateTime } from '@/lib/format';
import { useListController, type ListColumn } from '@/components/list-kit/list-controller';
import { pageRequest } from '@/lib/list-state';
import { goingOut, MAIL_REFRESH_MS, MAIL_SORTS, mailResource, recipientTotal, type Mail } from './api';
import { DeliveryProgress } from './delivery-progress';
import { MAIL_TEXT, userListLabel } from './strings';

// The dialogs (Mantine's modal machinery) load with the first one opened.
const mailDialogs = () => import('./mail-dialogs');
const UserListDialog = lazy(() => mailDialogs().then((module) => ({ default: module.UserListDialog })));
const MailDialog = lazy(() => mailDialogs().then((module) => ({ default: module.MailDialog })));

/**
 * /send-mail (SPEC 2.22): the sent mails, a page at a time, with their recipients and a Send button. With
 * 'mail-recipients' each mail shows its delivery, and the page asks again every few seconds while any of it is
 * still going out.
 */
export function SendMailListPage() {
  const counted = useFeature('mail-recipients');
  const sends = usePermission('mail.send');
  const sorting = useFeature('list-sort');
  const [open, setOpen] = useState<{ mail: Mail; dialog: 'users' | 'mail' } | null>(null);
  const close = () => setOpen(null);
  // A dialog follows its mail as the list refreshes (the delivery moves on).
  const latest = (mail: Mail) => list.rows?.find((row) => row._id === mail._id) ?? mail;

  const columns: ListColumn<Mail>[] = [
    {
      id: 'subject',
      header: MAIL_TEXT.subject,
      text: (mail) => mail.title,
      sortField: 'title',
      cell: (mail) => <TruncatedText text={mail.title} />,
    },
    {
      id: 'body',
      header: MAIL_TEXT.body,
      text: (mail) => mail.body,
      cell: (mail) => <TruncatedText text={mail.body} chars={30} />,
    },
    {
      id: 'users',
      header: MAIL_TEXT.users,
      cell: (mail) => (
        <ActionIcon
          variant="light"
          aria-label={userListLabel(mail.title, counted ? recipientTotal(mail) : undefined)}
          title={MAIL_TEXT.userList}
          onClick={() => setOpen({ mail, dialog: 'users' })}
        >
          <IconUsers size={18} />
        </ActionIcon>
      ),
    },
    ...(counted
      ? [
          {
            id: 'delivery',
            header: MAIL_TEXT.delivery,
            cell: (mail: Mail) =>
              mail.delivery ? (
                <DeliveryProgress delivery={mail.delivery} total={recipientTotal(mail)} />
              ) : (
                '-'
              ),
          },
        ]
      : []),
    {
      id: 'createdAt',
      header: MAIL_TEXT.createdAt,
      text: (mail) => formatNumericDateTime(mail.createdAt),
      sortField: 'created',
      cell: (mail) => <span style={{ whiteSpace: 'nowrap' }}>{formatNumericDateTime(mail.createdAt)}</span>,
    },
    {
      id: 'action',
      header: 'Action',
      cell: (mail) => (
        <ActionIcon
          variant="light"
          aria-label={`${MAIL_TEXT.viewMail}: ${mail.title}`}
          title={MAIL_TEXT.viewMail}
          onClick={() => setOpen({ mail, dialog: 'mail' })}
        >
          <IconEye size={18} />
        </ActionIcon>
      ),
    },
  ];
  const list = useListController({
    columns,
    rowKey: (mail) => mail._id,
    sort: { apiSorts: sorting ? MAIL_SORTS : [] },
    query: (state) => ({
      ...mailResource.queries.page(pageRequest(state)),
      refetchInterval: (query: { state: { data?: { rows: Mail[] } } }) =>
        counted && goingOut(query.state.data?.rows) ? MAIL_REFRESH_MS : false,
    }),
    exportAs: { fileName: 'sent-mail' },
  });

  return (
    <PageCard
      title={MAIL_TEXT.listTitle}
      actions={
        sends ? (
          <Button component={Link} to="/send-mail/add" leftSection={<IconSend size={16} />}>
            {MAIL_TEXT.send}
          </Button>
        ) : null
      }
    >
      <ListView
        list={list}
        label={MAIL_TEXT.listTitle}
        rowName={(mail) => mail.title}
        emptyText={MAIL_TEXT.empty}
        paged
      />
      {open ? (
        <Suspense fallback={null}>
          {open.dialog === 'users' ? (
            <UserListDialog mail={latest(open.mail)} onClose={close} />
          ) : (
            <MailDialog mail={latest(open.mail)} onClose={close} />
          )}
        </Suspense>
      ) : null}
    </PageCard>
  );
}
