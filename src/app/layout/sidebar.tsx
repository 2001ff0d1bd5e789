import { Box, Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHeartHandshake, IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { confirmLogout } from '@/components/confirm';
import { session, useSession } from '@/lib/session';
import { SIDEBAR_COLOURS, sidebarGradientCss, type LayoutSettings } from './layout-settings';
import { menuFor } from './menu';
import './sidebar.css';

function isActive(pathname: string, to: string) {
  return pathname === to || pathname.startsWith(`${to}/`) || (to === '/dashboard' && pathname === '/');
}

export function Sidebar({ settings, onNavigate }: { settings: LayoutSettings; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const menu = menuFor(useSession()?.features ?? []);
  const colour = SIDEBAR_COLOURS[settings.sidebarColour];
  const gradient = { from: colour.from, to: colour.to, deg: 135 };

  // Ending the session is enough: the guard then sends the admin to /login.
  const logout = () => confirmLogout(() => session.end());

  return (
    <Stack mih="100%" gap={0}>
      <Stack gap={4} p="md" align="center">
        <ThemeIcon size={40} radius="xl" variant="gradient" gradient={gradient} aria-hidden>
          <IconHeartHandshake size={24} />
        </ThemeIcon>
        <Text fw={700}>Admin Console</Text>
      </Stack>
      <Box style={{ flex: 1 }} px="sm" component="nav" aria-label="Main menu">
        {menu.map((item) => {
          const active = isActive(pathname, item.to);
          return (
            <Link
              key={item.to}
              to={item.to}
              className="nav-link mantine-focus-auto"
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
              style={
                active
                  ? { backgroundImage: sidebarGradientCss(settings.sidebarColour), color: colour.text }
                  : undefined
              }
            >
              <item.icon size={18} stroke={1.6} aria-hidden />
              {item.label}
            </Link>
          );
        })}
      </Box>
      <Stack p="md">
        <Button
          variant="gradient"
          gradient={gradient}
          c={colour.text}
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={logout}
        >
          Logout
        </Button>
      </Stack>
    </Stack>
  );
}
