import { useContext, useEffect, type ContextType } from 'react';
import { UNSAFE_NavigationContext, useLocation } from 'react-router-dom';
import { confirmLeave } from '@/components/confirm';
import { session } from '@/lib/session';
import { unsavedChanges } from '@/lib/unsaved-changes';

/** Signed out (logout, expiry), there is nothing left to protect by staying. */
const shouldAsk = () => unsavedChanges.any() && session.get() !== null;

/** The router's position in the browser's history (react-router keeps it in history.state). */
const historyIndex = (state: unknown = window.history.state) => (state as { idx?: unknown } | null)?.idx;

/** Where the router stands in the browser's history, kept by the guard as the admin moves. */
let currentIndex: unknown;
let undoing = false;
let leaving = false;

/**
 * The browser's back and forward buttons: the browser has already moved when popstate fires. This listener, added
 * before the router's own (at start-up, so it runs first), keeps the router from seeing the move, moves back, and
 * replays the move if the admin chooses to leave.
 */
function onPopState(event: PopStateEvent) {
  if (leaving) {
    leaving = false;
    return;
  }
  if (undoing) {
    undoing = false;
    event.stopImmediatePropagation();
    return;
  }
  const from = currentIndex;
  const to = historyIndex(event.state);
  if (!shouldAsk() || typeof from !== 'number' || typeof to !== 'number' || from === to) return;
  event.stopImmediatePropagation();
  undoing = true;
  window.history.go(from - to);
  confirmLeave(() => {
    unsavedChanges.discard();
    leaving = true;
    window.history.go(to - from);
  });
}

if (typeof window !== 'undefined') window.addEventListener('popstate', onPopState);

type Navigator = ContextType<typeof UNSAFE_NavigationContext>['navigator'];

/** Every in-app navigation (links, Back buttons, redirects) asks first; returns the undo. */
function guardNavigator(navigator: Navigator) {
  const { push, replace, go } = navigator;
  const ask = (leave: () => void) => {
    if (!shouldAsk()) return leave();
    confirmLeave(() => {
      unsavedChanges.discard();
      leave();
    });
  };
  navigator.push = (...args) => ask(() => push.apply(navigator, args));
  navigator.replace = (...args) => ask(() => replace.apply(navigator, args));
  navigator.go = (delta) => ask(() => go.call(navigator, delta));
  return () => {
    Object.assign(navigator, { push, replace, go });
  };
}

/**
 * Asks before leaving a form with unsaved edits, however the admin leaves: a link or Back button (every in-app
 * navigation goes through the router's navigator), the browser's back and forward buttons, or closing the tab.
 * Declarative routes have no blocker API (that needs the data router), hence the navigator is wrapped here, once.
 */
export function UnsavedChangesGuard() {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const location = useLocation();

  useEffect(() => {
    currentIndex = historyIndex();
  }, [location]);

  useEffect(() => guardNavigator(navigator), [navigator]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (shouldAsk()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return null;
}
