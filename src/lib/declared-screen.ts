import type { ComponentType, ReactElement } from 'react';

/** A route of the table: its path, and how to load its screen's code (on first visit). */
export type LazyRoute = { path: string; load: () => Promise<ComponentType> };

const screens = new Map<string, ComponentType>();

/**
 * The screen a generic page shows for one declaration (a catalogue, a read-only list), as a component of its own.
 * The same id gives the same component every time, so React keeps the screen across renders.
 */
export function declaredScreen(id: string, render: () => ReactElement): ComponentType {
  let Screen = screens.get(id);
  if (!Screen) {
    Screen = () => render();
    Screen.displayName = `Screen(${id})`;
    screens.set(id, Screen);
  }
  return Screen;
}
