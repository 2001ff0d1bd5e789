import { useLayoutEffect } from 'react';

let openDialogs = 0;

/** The app (everything in #root) is hidden from assistive technology and made inert while a dialog is open. */
function syncBackground() {
  const root = document.getElementById('root');
  if (!root) return;
  root.inert = openDialogs > 0;
  if (openDialogs > 0) root.setAttribute('aria-hidden', 'true');
  else root.removeAttribute('aria-hidden');
}

/**
 * For every modal dialog or drawer (Mantine portals them out of #root): while `opened`, the page behind it is hidden
 * from assistive technology and inert; when it closes, or unmounts, focus goes back to what opened it (Mantine's own
 * return only works for a dialog that was mounted closed first, not for one mounted open or unmounted on close).
 * Focus is left alone if the admin has meanwhile put it somewhere else on the page.
 */
export function useModalDialog(opened: boolean) {
  useLayoutEffect(() => {
    if (!opened) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openDialogs += 1;
    syncBackground();
    return () => {
      openDialogs -= 1;
      syncBackground();
      if (!opener) return;
      // The opener's own document: the page (or a test's) may be gone by the time the timer fires.
      const page = opener.ownerDocument;
      setTimeout(() => {
        const current = page.activeElement;
        const focusIsLost =
          !current ||
          current === page.body ||
          !current.isConnected ||
          Boolean(current.closest('[role="dialog"]'));
        if (focusIsLost && opener.isConnected) opener.focus({ preventScroll: true });
      }, 20);
    };
  }, [opened]);
}
