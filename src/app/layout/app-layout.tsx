import { AppShell, Box, Center, Loader } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useLayoutSettings } from './layout-settings';
import { SettingsDrawer } from './settings-drawer';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

const SIDEBAR_WIDTH = 250;
const TOP_BAR_HEIGHT = 60;

/** The signed-in frame: sidebar (250 wide), top bar and the settings drawer. */
export function AppLayout() {
  const [settings, updateSettings] = useLayoutSettings();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const [settingsOpened, settingsDrawer] = useDisclosure(false);
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;

  return (
    <AppShell
      navbar={{ width: SIDEBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding="md"
    >
      <AppShell.Navbar
        bg={settings.sidenavType === 'white' ? 'var(--mantine-color-body)' : 'transparent'}
        withBorder={settings.sidenavType === 'white'}
      >
        <Sidebar settings={settings} onNavigate={mobile.close} />
      </AppShell.Navbar>
      <AppShell.Main bg="var(--mantine-color-gray-0)">
        <Box
          component="header"
          h={TOP_BAR_HEIGHT}
          mb="md"
          style={{
            position: settings.fixedNavbar ? 'sticky' : 'relative',
            top: 0,
            zIndex: 100,
            borderRadius: 'var(--mantine-radius-md)',
            backdropFilter: settings.fixedNavbar ? 'saturate(200%) blur(30px)' : undefined,
            backgroundColor: settings.fixedNavbar ? 'rgba(255, 255, 255, 0.8)' : undefined,
          }}
        >
          <TopBar
            sidebarOpened={isMobile ? mobileOpened : desktopOpened}
            onToggleSidebar={isMobile ? mobile.toggle : desktop.toggle}
            onOpenSettings={settingsDrawer.open}
          />
        </Box>
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-label="Loading" />
            </Center>
          }
        >
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <SettingsDrawer
        opened={settingsOpened}
        onClose={settingsDrawer.close}
        settings={settings}
        onChange={updateSettings}
      />
    </AppShell>
  );
}
