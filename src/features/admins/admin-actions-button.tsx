import { ActionIcon } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { ADMINS_TEXT } from './strings';

/**
 * A row's Actions button: the menu's target (admin-actions-menu.tsx), which passes it its ref and handlers, and its
 * stand-in, loading, until the menu's code has come (admins-page.tsx).
 */
export function AdminActionsButton({
  name,
  loading,
  ...button
}: { name: string; loading: boolean } & Omit<
  ComponentPropsWithRef<'button'>,
  'children' | 'color' | 'style'
>) {
  return (
    <ActionIcon
      {...button}
      variant="light"
      aria-label={ADMINS_TEXT.actionsOf(name)}
      title={ADMINS_TEXT.action}
      aria-haspopup="menu"
      loading={loading}
    >
      <IconDots size={18} />
    </ActionIcon>
  );
}
