import { Badge, Button, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_STATUS_LABELS, type AdminStatus } from '@contract/admins';
import { ROLE_LABELS, type Role } from '@contract/roles';
import { ListSearch } from '@/components/list-search';
import { useListController, type ListColumn } from '@/components/list-kit/list-controller';
import { ListView } from '@/components/list-kit/list-view';
import { PageCard } from '@/components/page-kit/page-card';
import { useFeature } from '@/lib/core/session';
import { formatDateTime } from '@/lib/format';
import { AdminActionsButton } from './admin-actions-button';
import { adminsResource, type AdminAccount } from './api';
import { SecuritySetting } from './security-setting';
import { ADMINS_TEXT } from './strings';

const STATUS_COLOURS: Record<AdminStatus, string> = { active: 'green', disabled: 'red', invited: 'yellow' };

const roleLabel = (role: Role | null) => (role ? ROLE_LABELS[role] : '—');

const AdminActionsMenu = lazy(() =>
  import('./admin-actions-menu').then(({ AdminActionsMenu }) => ({ default: AdminActionsMenu })),
);

/**
 * A row's Actions button. Its menu (Mantine's Menu, and the role dialog with Modal and Select) is code that only the
 * press needs: it is rendered, and so loaded, once the button is first pressed, and opens as it mounts.
 */
function AdminActions({ admin }: { admin: AdminAccount }) {
  const [asked, setAsked] = useState(false);
  if (!asked) return <AdminActionsButton name={admin.name} loading={false} onClick={() => setAsked(true)} />;
  return (
    <Suspense fallback={<AdminActionsButton name={admin.name} loading />}>
      <AdminActionsMenu admin={admin} />
    </Suspense>
  );
}

const COLUMNS: ListColumn<AdminAccount>[] = [
  { id: 'name', header: ADMINS_TEXT.name, cell: (admin) => admin.name, text: (admin) => admin.name },
  { id: 'email', header: ADMINS_TEXT.email, cell: (admin) => admin.email, text: (admin) => admin.email },
  {
    id: 'role',
    header: ADMINS_TEXT.role,
    cell: (admin) => roleLabel(admin.role),
    text: (admin) => roleLabel(admin.role),
  },
  {
    id: 'twoFactor',
    header: ADMINS_TEXT.twoFactor,
    cell: (admin) => (admin.twoFactor ? ADMINS_TEXT.on : ADMINS_TEXT.off),
    text: (admin) => (admin.twoFactor ? ADMINS_TEXT.on : ADMINS_TEXT.off),
  },
  {
    id: 'status',
    header: ADMINS_TEXT.status,
    cell: (admin) => (
      <Badge color={STATUS_COLOURS[admin.status]} variant="light" tt="none">
        {ADMIN_STATUS_LABELS[admin.status]}
      </Badge>
    ),
    text: (admin) => ADMIN_STATUS_LABELS[admin.status],
  },
  {
    id: 'lastSignIn',
    header: ADMINS_TEXT.lastSignIn,
    cell: (admin) =>
      admin.lastSignInAt ? formatDateTime(admin.lastSignInAt) : <Text c="dimmed">{ADMINS_TEXT.never}</Text>,
    text: (admin) => (admin.lastSignInAt ? formatDateTime(admin.lastSignInAt) : ADMINS_TEXT.never),
  },
  { id: 'action', header: ADMINS_TEXT.action, cell: (admin) => <AdminActions admin={admin} /> },
];

/** /admins ('admins'): the admin accounts, searched and paged on the server, and what an Owner does to each. */
export function AdminsPage() {
  const twoFactor = useFeature('two-factor');
  // Two-factor on or off means nothing where the API does not announce it.
  const columns = useMemo(
    () => (twoFactor ? COLUMNS : COLUMNS.filter((column) => column.id !== 'twoFactor')),
    [twoFactor],
  );
  const list = useListController({
    columns,
    rowKey: (admin) => admin._id,
    sort: { apiSorts: [] },
    query: ({ page, size, search }) => adminsResource.queries.page({ page, size, search }),
  });
  return (
    <PageCard
      title={ADMINS_TEXT.title}
      actions={
        <Button component={Link} to="/admins/invite" leftSection={<IconUserPlus size={16} aria-hidden />}>
          {ADMINS_TEXT.invite}
        </Button>
      }
    >
      {twoFactor ? <SecuritySetting /> : null}
      <ListView
        list={list}
        label={ADMINS_TEXT.title}
        rowName={(admin) => `${admin.name} ${admin.email}`}
        emptyText={ADMINS_TEXT.empty}
        loadingLabel={ADMINS_TEXT.loading}
        paged
      >
        <ListSearch label={ADMINS_TEXT.search} list={list} />
      </ListView>
    </PageCard>
  );
}
