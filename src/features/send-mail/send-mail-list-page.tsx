import { ActionIcon, Button } from '@mantine/core';
import { IconEye, IconSend, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Column } from '@/components/data-table';
import { PageCard } from '@/components/page-card';
import { PagedTable } from '@/components/paged-table';
import { TruncatedText } from '@/components/truncated-text';
import { formatNumericDateTime } from '@/lib/format';
import { useListParams } from '@/lib/list-params';
import { mailResource, type Mail } from './api';
import { MAIL_TEXT } from './strings';

// The dialogs (Mantine's modal machinery) load with the first one opened.
const UserListDialog = lazy(() =>
  import('./mail-dialogs').then((module) => ({ default: module.UserListDialog })),
);
const MailDialog = lazy(() => import('./mail-dialogs').then((module) => ({ default: module.MailDialog })));

/** /send-mail (SPEC 2.22): the sent mails, a page at a time, with their recipients and a Send button. */
export function SendMailListPage() {
  const paging = useListParams();
  const list = useQuery(mailResource.queries.page({ page: paging.page, size: paging.size }));
  const [open, setOpen] = useState<{ mail: Mail; dialog: 'users' | 'mail' } | null>(null);
  const close = () => setOpen(null);

  const columns: Column<Mail>[] = [
    { header: MAIL_TEXT.subject, cell: (mail) => <TruncatedText text={mail.title} /> },
    { header: MAIL_TEXT.body, cell: (mail) => <TruncatedText text={mail.body} chars={30} /> },
    {
      header: MAIL_TEXT.users,
      cell: (mail) => (
        <ActionIcon
          variant="light"
          aria-label={`${MAIL_TEXT.userList}: ${mail.title}`}
          title={MAIL_TEXT.userList}
          onClick={() => setOpen({ mail, dialog: 'users' })}
        >
          <IconUsers size={18} />
        </ActionIcon>
      ),
    },
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
            <UserListDialog mail={open.mail} onClose={close} />
          ) : (
            <MailDialog mail={open.mail} onClose={close} />
          )}
        </Suspense>
      ) : null}
    </PageCard>
  );
}
