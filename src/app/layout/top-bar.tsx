import { ActionIcon, Avatar, Burger, Group, Text, UnstyledButton } from '@mantine/core';
import {
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconSettings,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { mediaUrl } from '@/lib/media';
import { useSession } from '@/lib/core/session';
import { JumpToLauncher } from '../jump-to/jump-to-launcher';

type TopBarProps = {
  sidebarOpened: boolean;
  /** The sidebar's element, which the toggle shows and hides. */
  sidebarId: string;
  /** A phone's menu slides over the page. */
  isPhone: boolean;
  onToggleSidebar: () => void;
  onOpenSettings: () => void;
};

/**
 * The sidebar's toggle: on a phone the menu button (three lines, a cross while the menu is open over the page); on
 * wider screens, where the sidebar sits beside the page, the sidebar icon that says which way it goes.
 */
function SidebarToggle({
  sidebarOpened,
  sidebarId,
  isPhone,
  onToggleSidebar,
}: Omit<TopBarProps, 'onOpenSettings'>) {
  if (isPhone)
    return (
      <Burger
        opened={sidebarOpened}
        onClick={onToggleSidebar}
        size="sm"
        aria-label={sidebarOpened ? 'Close menu' : 'Open menu'}
        aria-expanded={sidebarOpened}
        aria-controls={sidebarId}
      />
    );
  const label = sidebarOpened ? 'Hide sidebar' : 'Show sidebar';
  const Icon = sidebarOpened ? IconLayoutSidebarLeftCollapse : IconLayoutSidebarLeftExpand;
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      onClick={onToggleSidebar}
      aria-label={label}
      title={label}
      aria-expanded={sidebarOpened}
      aria-controls={sidebarId}
    >
      <Icon size={22} stroke={1.6} aria-hidden />
    </ActionIcon>
  );
}

export function TopBar({ onOpenSettings, ...toggle }: TopBarProps) {
  const admin = useSession();
  const fullName = [admin?.name, admin?.userLastName].filter(Boolean).join(' ') || 'Admin';
  // What the link shows, at the start of its name (WCAG 2.5.3: a voice user says what they see).
  const shownName = admin?.name || fullName;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <SidebarToggle {...toggle} />
      <Group gap="sm" wrap="nowrap">
        <JumpToLauncher />
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={onOpenSettings}
          aria-label="Open settings"
          title="Open settings"
        >
          <IconSettings size={20} />
        </ActionIcon>
        <UnstyledButton component={Link} to="/profile" aria-label={`${fullName}, your profile`}>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={mediaUrl(admin?.photo)} alt="" radius="xl" size="md" />
            <Text size="sm" fw={500} visibleFrom="xs">
              {shownName}
            </Text>
          </Group>
        </UnstyledButton>
      </Group>
    </Group>
  );
}
