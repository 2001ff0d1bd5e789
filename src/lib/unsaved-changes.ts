import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

/**
 * Which forms on screen hold edits that are not saved yet. The navigation guard (app/unsaved-changes-guard.tsx) asks
 * before leaving while any does, and an expired session keeps such a form on screen behind a sign-in dialog.
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

  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** Re-renders when a form becomes dirty or clean; returns whether any is dirty. */
export function useAnyUnsavedChanges(): boolean {
  useSyncExternalStore(unsavedChanges.subscribe, () => version);
  return unsavedChanges.any();
}

/**
 * Declares a form's unsaved edits (react-hook-form's formState.isDirty). Call `release()` right before navigating away
 * after a successful save, so that leaving does not ask.
 */
export function useUnsavedChangesGuard(dirty: boolean): { release: () => void } {
  const [id] = useState(() => Symbol('form'));
  useEffect(() => {
    if (!dirty) return undefined;
    dirtyForms.add(id);
    changed();
    return () => {
      if (dirtyForms.delete(id)) changed();
    };
  }, [dirty, id]);
  const release = useCallback(() => {
    if (dirtyForms.delete(id)) changed();
  }, [id]);
  return { release };
}
