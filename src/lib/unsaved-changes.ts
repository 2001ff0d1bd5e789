import { useSyncExternalStore } from 'react';

/**
 * Which forms on screen hold edits that are not saved yet. The navigation guard (components/unsaved-changes-guard.ts,
 * which comes with the forms) asks before leaving while any does, and an expired session keeps such a form on screen
 * behind a sign-in dialog.
 */
const dirtyForms = new Set<symbol>();
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

export const unsavedChanges = {
  any: () => dirtyForms.size > 0,

  /** The admin chose to leave (or the form saved): nothing on screen is worth keeping any more. */
  discard() {
    if (dirtyForms.size === 0) return;
    dirtyForms.clear();
    changed();
  },

  /** Form `id`'s edits are unsaved (`dirty`), or saved or given up. */
  mark(id: symbol, dirty: boolean) {
    if (dirtyForms.has(id) === dirty) return;
    if (dirty) dirtyForms.add(id);
    else dirtyForms.delete(id);
    changed();
  },

  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** What the navigation guard does when the browser's back or forward button moves the history. */
let onHistoryMove: ((event: PopStateEvent) => void) | null = null;

// Listened to from here, at start-up, so that the guard (which loads later, with the first form) runs before the
// router's own listener: a window's listeners of one event run in the order they were added, whatever their phase.
if (typeof window !== 'undefined') window.addEventListener('popstate', (event) => onHistoryMove?.(event));

/** components/unsaved-changes-guard.ts, once loaded, handles the browser's history moves. */
export function guardHistoryMoves(handler: (event: PopStateEvent) => void) {
  onHistoryMove = handler;
}

/** Re-renders when a form becomes dirty or clean; returns whether any is dirty. */
export function useAnyUnsavedChanges(): boolean {
  useSyncExternalStore(unsavedChanges.subscribe, () => version);
  return unsavedChanges.any();
}
