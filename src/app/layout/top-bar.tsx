import { ActionIcon, Avatar, Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { mediaUrl } from '@/lib/media';
import { useSession } from '@/lib/session';
import { JumpToLauncher } from '../jump-to/jump-to-launcher';

type TopBarProps = { sidebarOpened: boolean; onToggleSidebar: () => void; onOpenSettings: () => void };

export function TopBar({ sidebarOpened, onToggleSidebar, onOpenSettings }: TopBarProps) {
  const admin = useSession();
  const fullName = [admin?.name, admin?.userLastName].filter(Boolean).join(' ') || 'Admin';
  // What the link shows, at the start of its name (WCAG 2.5.3: a voice user says what they see).
  const shownName = admin?.name || fullName;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Burger opened={sidebarOpened} onClick={onToggleSidebar} size="sm" aria-label="Toggle sidebar" />
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
