import { Button } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { MENU } from '../layout/menu';

// The search, its list and Spotlight's code and styles load when first opened, never with the first screen.
const JumpToDialog = lazy(() => import('./jump-to-dialog'));

const isApple = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/** The top bar's "Search" button and its shortcut, Ctrl+K (Cmd+K on Apple devices), from anywhere but rich text. */
export function JumpToLauncher() {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const open = () => {
    setLoaded(true);
    setOpened(true);
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'k' || event.altKey) return;
      if (event.target instanceof HTMLElement && event.target.isContentEditable) return;
      event.preventDefault();
      setLoaded(true);
      setOpened(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <Button
        variant="default"
        size="sm"
        rightSection={
          <kbd
            aria-hidden
            style={{
              font: 'inherit',
              fontSize: 'var(--mantine-font-size-xs)',
              color: 'var(--mantine-color-dimmed)',
            }}
          >
            {isApple ? '⌘ K' : 'Ctrl K'}
          </kbd>
        }
        aria-label="Search screens and users"
        aria-keyshortcuts={isApple ? 'Meta+K' : 'Control+K'}
        onClick={open}
      >
        Search
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <JumpToDialog opened={opened} onClose={() => setOpened(false)} screens={MENU} />
        </Suspense>
      ) : null}
    </>
  );
}
