import { Button, Group, Menu, Modal, Select, Stack } from '@mantine/core';
import { useRef, useState } from 'react';
import { ROLE_LABELS, ROLES, type Role } from '@contract/roles';
import { askToConfirm } from '@/components/confirm';
import { useModalDialog } from '@/components/modal-dialog';
import { useSession } from '@/lib/core/session';
import { notify } from '@/lib/notify';
import { AdminActionsButton } from './admin-actions-button';
import {
  useChangeRole,
  useEndAdminSessions,
  useResetTwoFactor,
  useSetAdminStatus,
  type AdminAccount,
} from './api';
import { ADMINS_TEXT } from './strings';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

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

/**
 * A row's actions menu: Change role, Disable or Enable, Reset two-factor, End sessions (each asks first). It mounts
 * when the row's button is first pressed (admins-page.tsx), open; its own button takes the pressed one's place, and
 * the focus comes back to it when the menu closes.
 */
export function AdminActionsMenu({ admin }: { admin: AdminAccount }) {
  const target = useRef<HTMLButtonElement>(null);
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
      <Menu position="bottom-end" withinPortal={false} defaultOpened onClose={() => target.current?.focus()}>
        <Menu.Target>
          <AdminActionsButton
            ref={target}
            name={admin.name}
            loading={status.isPending || end.isPending || reset.isPending}
          />
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
