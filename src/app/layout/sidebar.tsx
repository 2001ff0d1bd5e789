import { Box, Button } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { Suspense, useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { confirmLogout } from '@/components/confirm';
import { ProductName } from '@/components/product-name';
import { useSession } from '@/lib/core/session';
import { signOut } from './sign-out';
import { menuGroupsFor, type MenuGroup, type MenuItem } from './menu';
import './sidebar.css';

function isActive(pathname: string, to: string) {
  return pathname === to || pathname.startsWith(`${to}/`) || (to === '/dashboard' && pathname === '/');
}

type LinkProps = { item: MenuItem; pathname: string; onNavigate: () => void };

function MenuLink({ item, pathname, onNavigate }: LinkProps) {
  const active = isActive(pathname, item.to);
  const countId = useId();
  const link = (
    <Link
      to={item.to}
      className="nav-link mantine-focus-auto"
      aria-current={active ? 'page' : undefined}
      aria-describedby={item.Count ? countId : undefined}
      onClick={onNavigate}
    >
      <item.icon size={18} stroke={1.6} aria-hidden />
      {item.label}
    </Link>
  );
  if (!item.Count) return link;
  return (
    <div className="nav-link-counted">
      {link}
      <CountAfterFirstLoad Count={item.Count} id={countId} />
    </div>
  );
}

function CountAfterFirstLoad({ Count, id }: { Count: NonNullable<MenuItem['Count']>; id: string }) {
  return useAfterFirstLoad() ? (
    <Suspense fallback={null}>
      <Count id={id} />
    </Suspense>
  ) : null;
}

/** How long after the page's load event a menu count's code and first read wait. */
const COUNT_AFTER_LOAD_MS = 1_000;

/**
 * Whether the page's first load is over (its load event, and a moment after): a menu count (the review queue's) is
 * secondary and read again every 30 s, so its code and its call wait rather than compete with the screen's own.
 */
function useAfterFirstLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    const start = () => {
      timer = window.setTimeout(() => setReady(true), COUNT_AFTER_LOAD_MS);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      window.clearTimeout(timer);
    };
  }, []);
  return ready;
}

/**
 * A section of the menu under its heading, which opens and closes it. A section closed by default opens by itself
 * while the admin is on one of its screens, until they close it.
 */
function MenuSection({ group, ...link }: { group: MenuGroup & { label: string } } & Omit<LinkProps, 'item'>) {
  const listId = useId();
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? (!group.closed || group.items.some((item) => isActive(link.pathname, item.to)));
  return (
    <div className="nav-section">
      <button
        type="button"
        className="nav-section-heading mantine-focus-auto"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setChosen(!open)}
      >
        {group.label}
        <IconChevronDown size={14} aria-hidden className="nav-section-chevron" />
      </button>
      <div id={listId} hidden={!open}>
        {open ? group.items.map((item) => <MenuLink key={item.to} item={item} {...link} />) : null}
      </div>
    </div>
  );
}

export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  const current = useSession();
  const groups = menuGroupsFor({ features: current?.features ?? [], role: current?.role ?? null });
  const link = { pathname, onNavigate };

  // Ending the session is enough: the guard then sends the admin to /login.
  const logout = () => confirmLogout(() => void signOut());

  return (
    <div className="sidebar">
      <Box px="md" py="sm">
        <ProductName />
      </Box>
      <nav className="sidebar-menu" aria-label="Main menu">
        {groups.map((group) =>
          group.label ? (
            <MenuSection key={group.label} group={{ ...group, label: group.label }} {...link} />
          ) : (
            group.items.map((item) => <MenuLink key={item.to} item={item} {...link} />)
          ),
        )}
      </nav>
      <div className="sidebar-footer">
        <Button
          fullWidth
          justify="flex-start"
          variant="subtle"
          color="gray"
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={logout}
        >
          Logout
        </Button>
      </div>
    </div>
  );
}
