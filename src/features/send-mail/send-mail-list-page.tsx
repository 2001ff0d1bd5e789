import { ActionIcon, Button } from '@mantine/core';
import { IconEye, IconSend, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Column } from '@/components/data-table';
import { PageCard } from '@/components/page-card';
import { PagedTable } from '@/components/paged-table';
import { TruncatedText } from '@/components/truncated-text';
import { useFeature } from '@/lib/session';
import { formatNumericDateTime } from '@/lib/format';
import { useListParams } from '@/lib/list-params';
import { goingOut, MAIL_REFRESH_MS, mailResource, recipientTotal, type Mail } from './api';
import { DeliveryProgress } from './delivery-progress';
import { MAIL_TEXT, userListLabel } from './strings';

// The dialogs (Mantine's modal machinery) load with the first one opened.
const UserListDialog = lazy(() =>
  import('./mail-dialogs').then((module) => ({ default: module.UserListDialog })),
);
const MailDialog = lazy(() => import('./mail-dialogs').then((module) => ({ default: module.MailDialog })));

/**
 * /send-mail (SPEC 2.22): the sent mails, a page at a time, with their recipients and a Send button. With
 * 'mail-recipients' each mail shows its delivery, and the page asks again every few seconds while any of it is
 * still going out.
 */
export function SendMailListPage() {
  const paging = useListParams();
  const counted = useFeature('mail-recipients');
  const list = useQuery({
    ...mailResource.queries.page({ page: paging.page, size: paging.size }),
    refetchInterval: (query) => (counted && goingOut(query.state.data?.rows) ? MAIL_REFRESH_MS : false),
  });
  const [open, setOpen] = useState<{ mail: Mail; dialog: 'users' | 'mail' } | null>(null);
  const close = () => setOpen(null);
  // A dialog follows its mail as the list refreshes (the delivery moves on).
  const latest = (mail: Mail) => list.data?.rows.find((row) => row._id === mail._id) ?? mail;

  const columns: Column<Mail>[] = [
    { header: MAIL_TEXT.subject, cell: (mail) => <TruncatedText text={mail.title} /> },
    { header: MAIL_TEXT.body, cell: (mail) => <TruncatedText text={mail.body} chars={30} /> },
    {
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
      header: MAIL_TEXT.createdAt,
      cell: (mail) => <span style={{ whiteSpace: 'nowrap' }}>{formatNumericDateTime(mail.createdAt)}</span>,
    },
    {
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

  return (
    <PageCard
      title={MAIL_TEXT.listTitle}
      actions={
        <Button component={Link} to="/send-mail/add" leftSection={<IconSend size={16} />}>
          {MAIL_TEXT.send}
        </Button>
      }
    >
      <PagedTable
        label={MAIL_TEXT.listTitle}
        query={list}
        paging={paging}
        columns={columns}
        rowKey={(mail) => mail._id}
        emptyText={MAIL_TEXT.empty}
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
