import { useCallback, useContext, useEffect, useState, type ContextType } from 'react';
import { UNSAFE_NavigationContext, useLocation } from 'react-router-dom';
import { session } from '@/lib/core/session';
import { guardHistoryMoves, unsavedChanges } from '@/lib/unsaved-changes';
import { confirmLeave } from './confirm';

// Asks before leaving a form with unsaved edits. It comes with the forms that use it (useUnsavedChangesGuard), not
// with every first load: a list, which has nothing to lose, does not carry it.

/** Signed out (logout, expiry), there is nothing left to protect by staying. */
const shouldAsk = () => unsavedChanges.any() && session.get() !== null;

/** The router's position in the browser's history (react-router keeps it in history.state). */
const historyIndex = (state: unknown = window.history.state) => (state as { idx?: unknown } | null)?.idx;

/** Where the router stands in the browser's history, kept by the guard as the admin moves. */
let currentIndex: unknown;
let undoing = false;
let leaving = false;

/**
 * The browser's back and forward buttons: the browser has already moved when popstate fires. This handler runs
 * before the router's own listener (lib/unsaved-changes.ts listens for it from start-up), keeps the router from
 * seeing the move, moves back, and replays the move if the admin chooses to leave.
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

/** Closing or reloading the tab. */
function onBeforeUnload(event: BeforeUnloadEvent) {
  if (shouldAsk()) event.preventDefault();
}

guardHistoryMoves(onPopState);
if (typeof window !== 'undefined') window.addEventListener('beforeunload', onBeforeUnload);

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

/** The navigator's undo while guarded forms are on screen, and how many are. */
let unguard: (() => void) | null = null;
let forms = 0;

/**
 * Declares a form's unsaved edits (react-hook-form's formState.isDirty), and asks before leaving while it has some,
 * however the admin leaves: a link or Back button (every in-app navigation goes through the router's navigator,
 * wrapped while any guarded form is on screen; declarative routes have no blocker API, that needs the data router),
 * the browser's back and forward buttons, or closing the tab. Call `release()` right before navigating away after a
 * successful save, so that leaving does not ask.
 */
export function useUnsavedChangesGuard(dirty: boolean): { release: () => void } {
  const [id] = useState(() => Symbol('form'));
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const location = useLocation();

  useEffect(() => {
    currentIndex = historyIndex();
  }, [location]);

  useEffect(() => {
    forms += 1;
    unguard ??= guardNavigator(navigator);
    return () => {
      forms -= 1;
      if (forms === 0) {
        unguard?.();
        unguard = null;
      }
    };
  }, [navigator]);

  useEffect(() => {
    if (!dirty) return undefined;
    unsavedChanges.mark(id, true);
    return () => unsavedChanges.mark(id, false);
  }, [dirty, id]);

  const release = useCallback(() => unsavedChanges.mark(id, false), [id]);
  return { release };
}
