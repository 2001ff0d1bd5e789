import { Box, Center, Loader } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../error-boundary';
import { useLayoutSettings } from './layout-settings';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

// The drawer's controls are needed only once it is opened, so they stay out of the first load.
const SettingsDrawer = lazy(() =>
  import('./settings-drawer').then((module) => ({ default: module.SettingsDrawer })),
);

const SIDEBAR_WIDTH = 250;
const TOP_BAR_HEIGHT = 60;
const SIDEBAR_ID = 'sidebar';

/**
 * The signed-in frame: sidebar (250 wide, SPEC 9), top bar and the settings drawer. On a phone the sidebar slides
 * over the page and starts closed. Plain CSS rather than AppShell keeps the first load small.
 */
export function AppLayout() {
  const [settings, updateSettings] = useLayoutSettings();
  const { pathname } = useLocation();
  const isPhone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false }) ?? false;
  const [openOnDesktop, setOpenOnDesktop] = useState(true);
  const [openOnPhone, setOpenOnPhone] = useState(false);
  // On a phone the menu starts closed, off screen: its links are first rendered when it is first opened, so a
  // first load spends its time on the screen, not on a hidden menu.
  const [phoneMenuRendered, setPhoneMenuRendered] = useState(false);
  const [settingsOpened, settingsDrawer] = useDisclosure(false);
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  const sidebarOpen = isPhone ? openOnPhone : openOnDesktop;

  const sidebarStyle: CSSProperties = {
    position: 'fixed',
    inset: '0 auto 0 0',
    width: SIDEBAR_WIDTH,
    zIndex: 200,
    transform: sidebarOpen ? 'none' : `translateX(-${SIDEBAR_WIDTH}px)`,
    transition: 'transform 200ms ease',
    overflowY: 'auto',
    background: 'var(--mantine-color-body)',
    borderRight: '1px solid var(--console-border)',
  };

  const toggleSidebar = () => {
    if (!isPhone) return setOpenOnDesktop((open) => !open);
    setPhoneMenuRendered(true);
    setOpenOnPhone((open) => !open);
  };

  const openSettings = () => {
    setSettingsLoaded(true);
    settingsDrawer.open();
  };

  return (
    <Box mih="100vh" bg="var(--console-page)">
      <a
        href="#main"
        className="skip-link"
        onClick={(event) => {
          // Focus moves to the screen without adding #main to the URL.
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <Box
        component="aside"
        id={SIDEBAR_ID}
        style={sidebarStyle}
        aria-hidden={!sidebarOpen}
        inert={!sidebarOpen}
      >
        {!isPhone || phoneMenuRendered ? <Sidebar onNavigate={() => setOpenOnPhone(false)} /> : null}
      </Box>
      {isPhone && sidebarOpen ? (
        <Box
          onClick={() => setOpenOnPhone(false)}
          style={{ position: 'fixed', inset: 0, zIndex: 150, background: 'rgba(0, 0, 0, 0.35)' }}
          aria-hidden
        />
      ) : null}
      <Box
        style={{
          marginLeft: !isPhone && sidebarOpen ? SIDEBAR_WIDTH : 0,
          transition: 'margin-left 200ms ease',
        }}
      >
        {/* Opaque and flush with the window's top: nothing of the page shows above or through it. */}
        <Box
          component="header"
          h={TOP_BAR_HEIGHT}
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 100,
            backgroundColor: 'var(--console-top-bar)',
            borderBottom: '1px solid var(--console-border)',
          }}
        >
          <TopBar
            sidebarOpened={sidebarOpen}
            sidebarId={SIDEBAR_ID}
            isPhone={isPhone}
            onToggleSidebar={toggleSidebar}
            onOpenSettings={openSettings}
          />
        </Box>
        <Box component="main" id="main" tabIndex={-1} p="md">
          <ErrorBoundary key={pathname}>
            <Suspense
              fallback={
                <Center py="xl">
                  <Loader aria-label="Loading" />
                </Center>
              }
            >
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </Box>
      </Box>
      {settingsLoaded ? (
        <Suspense fallback={null}>
          <SettingsDrawer
            opened={settingsOpened}
            onClose={settingsDrawer.close}
            settings={settings}
            onChange={updateSettings}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
