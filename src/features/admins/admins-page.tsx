import { Badge, Button, Group, Menu, ActionIcon, Modal, Select, Stack, Text } from '@mantine/core';
import { IconDots, IconUserPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_STATUS_LABELS, type AdminStatus } from '@contract/admins';
import { ROLE_LABELS, ROLES, type Role } from '@contract/roles';
import { askToConfirm } from '@/components/confirm';
import { ListSearch } from '@/components/list-search';
import { useListController, type ListColumn } from '@/components/list-kit/list-controller';
import { ListView } from '@/components/list-kit/list-view';
import { useModalDialog } from '@/components/modal-dialog';
import { PageCard } from '@/components/page-kit/page-card';
import { useFeature, useSession } from '@/lib/core/session';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import {
  adminsResource,
  useChangeRole,
  useEndAdminSessions,
  useResetTwoFactor,
  useSetAdminStatus,
  type AdminAccount,
} from './api';
import { SecuritySetting } from './security-setting';
import { ADMINS_TEXT } from './strings';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const STATUS_COLOURS: Record<AdminStatus, string> = { active: 'green', disabled: 'red', invited: 'yellow' };

const roleLabel = (role: Role | null) => (role ? ROLE_LABELS[role] : '—');

function ChangeRoleDialog({ admin, onClose }: { admin: AdminAccount; onClose: () => void }) {
  useModalDialog(true);
  const [role, setRole] = useState<string | null>(admin.role);
  const change = useChangeRole();
  const save = () => {
    if (!role) return;
    change.mutate(
      { adminId: admin._id, role: role as Role },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={ADMINS_TEXT.changeRoleOf(admin.name)} centered>
      <Stack>
        <Select
          label={ADMINS_TEXT.role}
          data={ROLE_OPTIONS}
          value={role}
          onChange={setRole}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {ADMINS_TEXT.cancel}
          </Button>
          <Button onClick={save} loading={change.isPending} disabled={!role || role === admin.role}>
            {ADMINS_TEXT.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The row's actions: Change role, Disable or Enable, End sessions (each asks first). */
function AdminActions({ admin }: { admin: AdminAccount }) {
  const [changing, setChanging] = useState(false);
  const status = useSetAdminStatus();
  const end = useEndAdminSessions();
  const reset = useResetTwoFactor();
  // One's own is changed on the profile's Two-factor tab, with a code (the server refuses it here).
  const selfId = useSession()?.userId;
  const resettable = admin.twoFactor && admin._id !== selfId;
  const disabling = admin.status === 'active';
  const toggle = () =>
    askToConfirm({
      title: disabling ? ADMINS_TEXT.disableQuestion(admin.name) : ADMINS_TEXT.enableQuestion(admin.name),
      message: disabling ? ADMINS_TEXT.disableMessage : ADMINS_TEXT.enableMessage,
      confirmLabel: disabling ? ADMINS_TEXT.disable : ADMINS_TEXT.enable,
      cancelLabel: ADMINS_TEXT.cancel,
      danger: disabling,
      onConfirm: () =>
        status.mutate(
          { adminId: admin._id, enabled: !disabling },
          { onSuccess: (answer) => notify.success(answer.message) },
        ),
    });
  const endSessions = () =>
    askToConfirm({
      title: ADMINS_TEXT.endSessionsQuestion(admin.name),
      message: ADMINS_TEXT.endSessionsMessage,
      confirmLabel: ADMINS_TEXT.endSessions,
      cancelLabel: ADMINS_TEXT.cancel,
      danger: true,
      onConfirm: () => end.mutate(admin._id, { onSuccess: (answer) => notify.success(answer.message) }),
    });
  const resetTwoFactor = () =>
    askToConfirm({
      title: ADMINS_TEXT.resetTwoFactorQuestion(admin.name),
      message: ADMINS_TEXT.resetTwoFactorMessage,
      confirmLabel: ADMINS_TEXT.resetTwoFactor,
      cancelLabel: ADMINS_TEXT.cancel,
      danger: true,
      onConfirm: () => reset.mutate(admin._id, { onSuccess: (answer) => notify.success(answer.message) }),
    });
  return (
    <>
      <Menu position="bottom-end" withinPortal={false}>
        <Menu.Target>
          <ActionIcon
            variant="light"
            aria-label={ADMINS_TEXT.actionsOf(admin.name)}
            title={ADMINS_TEXT.action}
            loading={status.isPending || end.isPending || reset.isPending}
          >
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setChanging(true)}>{ADMINS_TEXT.changeRole}</Menu.Item>
          {admin.status !== 'invited' ? (
            <Menu.Item color={disabling ? 'red' : undefined} onClick={toggle}>
              {disabling ? ADMINS_TEXT.disable : ADMINS_TEXT.enable}
            </Menu.Item>
          ) : null}
          {resettable ? (
            <Menu.Item color="red" onClick={resetTwoFactor}>
              {ADMINS_TEXT.resetTwoFactor}
            </Menu.Item>
          ) : null}
          {admin.status === 'active' ? (
            <Menu.Item color="red" onClick={endSessions}>
              {ADMINS_TEXT.endSessions}
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      {changing ? <ChangeRoleDialog admin={admin} onClose={() => setChanging(false)} /> : null}
    </>
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
