import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** How far the window was scrolled on each history entry, by its key (kept across Back and Forward). */
const positions = new Map<string, number>();

/** Scrolls back to `y`, again on each frame for up to a second while the screen is still too short to reach it. */
function scrollBackTo(y: number) {
  let frame = 0;
  let tries = 0;
  const attempt = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) >= 1 && tries++ < 60) frame = requestAnimationFrame(attempt);
  };
  attempt();
  const stop = () => cancelAnimationFrame(frame);
  // The admin scrolling meanwhile wins.
  const events = ['wheel', 'touchstart', 'keydown'] as const;
  for (const event of events) window.addEventListener(event, stop, { once: true, passive: true });
  return () => {
    stop();
    for (const event of events) window.removeEventListener(event, stop);
  };
}

/**
 * The window's scroll across navigation (the layout scrolls the window, not a container): a new screen starts at the
 * top; Back and Forward return to where that entry was left. The browser's own restoration is off: it would act on
 * popstate, before the screen has rendered. A change of the query string alone (a list's page, filter or search)
 * keeps the scroll.
 */
export function useScrollRestoration() {
  const { key, pathname } = useLocation();
  const navigation = useNavigationType();
  const shownPath = useRef(pathname);

  useLayoutEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  // A layout effect: its cleanup runs in the commit that changes the entry, before the new screen's shorter page can
  // clamp the scroll and report it under the old entry.
  useLayoutEffect(() => {
    const remember = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key]);

  useLayoutEffect(() => {
    const pathChanged = shownPath.current !== pathname;
    shownPath.current = pathname;
    if (navigation === 'POP') return scrollBackTo(positions.get(key) ?? 0);
    if (pathChanged) window.scrollTo(0, 0);
    return undefined;
  }, [key, pathname, navigation]);
}
