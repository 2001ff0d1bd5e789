import { Button } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { usePermission, useSession } from '@/lib/core/session';
import { menuFor } from '../layout/menu';

// The search, its list and Spotlight's code and styles load when first opened, never with the first screen.
const JumpToDialog = lazy(() => import('./jump-to-dialog'));

const isApple = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/** The top bar's "Search" button and its shortcut, Ctrl+K (Cmd+K on Apple devices), from anywhere but rich text. */
export function JumpToLauncher() {
  const current = useSession();
  const findsUsers = usePermission('members.read');
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  // What is typed between opening and the search box taking focus (its code may still be on the way): not lost.
  const typedEarly = useRef<string | null>(null);
  const open = () => {
    typedEarly.current ??= '';
    setLoaded(true);
    setOpened(true);
  };
  const close = () => {
    typedEarly.current = null;
    setOpened(false);
  };
  const takeTypedEarly = () => {
    const typed = typedEarly.current ?? '';
    typedEarly.current = null;
    return typed;
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const modified = event.ctrlKey || event.metaKey || event.altKey;
      if (typedEarly.current !== null && event.key.length === 1 && !modified) {
        typedEarly.current += event.key;
        event.preventDefault();
      } else if (modified && event.key.toLowerCase() === 'k' && !event.altKey) {
        if (event.target instanceof HTMLElement && event.target.isContentEditable) return;
        event.preventDefault();
        open();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      {/* Named by what it shows, "Search Ctrl K" (WCAG 2.5.3: voice users say what they see), with what it
          searches as its description (and hover hint). The space is a text node so that every reading of the
          label, from the browser's accessible name to axe's visible text, keeps the two words apart. */}
      <Button
        variant="default"
        size="sm"
        title={findsUsers ? 'Search screens and users' : 'Search screens'}
        aria-keyshortcuts={isApple ? 'Meta+K' : 'Control+K'}
        onClick={open}
      >
        Search{' '}
        <kbd
          style={{
            font: 'inherit',
            fontSize: 'var(--mantine-font-size-xs)',
            color: 'var(--mantine-color-dimmed)',
            marginInlineStart: 'var(--mantine-spacing-xs)',
          }}
        >
          {isApple ? '⌘ K' : 'Ctrl K'}
        </kbd>
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <JumpToDialog
            opened={opened}
            onClose={close}
            screens={menuFor({ features: current?.features ?? [], role: current?.role ?? null })}
            takeTypedEarly={takeTypedEarly}
          />
        </Suspense>
      ) : null}
    </>
  );
}
